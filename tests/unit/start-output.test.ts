import { describe, expect, it } from 'vitest';
import { accountsHold, finalLines } from '../../scripts/start-output.mjs';
import { readyLines } from '../../src/server/startup-lines';

const accounts = [
  { role: 'manager', email: 'manager@example.com', password: 'manager-password' },
  { role: 'seller', email: 'seller@example.com', password: 'seller-password' },
];

describe('start-up output', () => {
  it('the server ends with the demo accounts and then the address to open, as its last line', () => {
    const lines = readyLines({ address: 'http://127.0.0.1:8787', accounts, adminEmail: 'boss@example.com', openHint: true });
    expect(lines).toEqual([
      'Demo accounts (email / password):',
      '  admin    boss@example.com / (ADMIN_PASSWORD)',
      '  manager  manager@example.com / manager-password',
      '  seller   seller@example.com / seller-password',
      'Open http://127.0.0.1:8787/ in a browser',
    ]);
    expect(readyLines({ address: 'http://h:1', accounts: [], openHint: false })).toEqual([]);
  });

  it('npm start holds the accounts back while the server starts and prints them right above the last line', () => {
    const hold = accountsHold();
    const out = [
      'Created admin account boss@example.com',
      ...readyLines({ address: 'http://127.0.0.1:8787', accounts, openHint: false }),
      'API listening on http://127.0.0.1:8787/api/ (database: PostgreSQL)',
    ].filter((l) => !hold.take(l));
    expect(out).toEqual(['Created admin account boss@example.com', 'API listening on http://127.0.0.1:8787/api/ (database: PostgreSQL)']);
    const browser = finalLines({ held: hold.held, base: 'http://127.0.0.1:8787', desktop: false });
    expect(browser.at(-1)).toBe('Open http://127.0.0.1:8787/ in a browser (Ctrl+C stops the server)');
    expect(browser.at(-2)).toBe('  seller   seller@example.com / seller-password');
    expect(finalLines({ held: hold.held, base: 'http://127.0.0.1:8787', desktop: true }).at(-1)).toBe(
      'The desktop window is open (browser mode: http://127.0.0.1:8787/)',
    );
  });
});
