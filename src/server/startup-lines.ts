/** What the server prints once it listens: the demo accounts, then (last, on its own line) the address to open. */
export function readyLines(o: {
  address: string;
  accounts: readonly { role: string; email: string; password: string }[];
  /** The ADMIN_EMAIL account, listed when the demo has no admin of its own. */
  adminEmail?: string;
  /** `npm start` prints the address itself, after the desktop window's attempt (OPEN_HINT=0). */
  openHint: boolean;
}): string[] {
  const lines: string[] = [];
  if (o.accounts.length) {
    lines.push('Demo accounts (email / password):');
    if (o.adminEmail && !o.accounts.some((a) => a.role === 'admin'))
      lines.push(`  ${'admin'.padEnd(8)} ${o.adminEmail} / (ADMIN_PASSWORD)`);
    for (const a of o.accounts) lines.push(`  ${a.role.padEnd(8)} ${a.email} / ${a.password}`);
  }
  if (o.openHint) lines.push(`Open ${o.address}/ in a browser`);
  return lines;
}
