// What `npm start` prints last: the server's demo-account lines are held back while it starts, then printed right
// above the one line that says where the app is (a browser address, or that the desktop window is open).

/** Collects the server's "Demo accounts" block (its heading and the indented lines below it); other lines pass. */
export function accountsHold() {
  const held = [];
  let inBlock = false;
  return {
    held,
    /** True when the line belongs to the block (held, not printed now). */
    take(line) {
      if (line.startsWith('Demo accounts')) inBlock = true;
      else if (!(inBlock && line.startsWith('  '))) inBlock = false;
      if (inBlock) held.push(line);
      return inBlock;
    },
  };
}

/** The closing lines: why there is no window (if so), the demo accounts, and last the address to open. */
export function finalLines({ held, base, desktop }) {
  return [
    '',
    ...(desktop ? [] : ['The Electron runtime is not available on this machine, so the desktop window cannot open.']),
    ...held,
    desktop ? `The desktop window is open (browser mode: ${base}/)` : `Open ${base}/ in a browser (Ctrl+C stops the server)`,
  ];
}
