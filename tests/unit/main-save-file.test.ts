import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createApiClient } from '../../src/main/api-client';
import { createFileSaver, safeFileName, type SaveDialogLike } from '../../src/main/save-file';
import type { ExportProgress } from '../../src/shared/bridge';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { PASSWORD } from '../helpers/server';
import { startDesktop, tempDir, type Desktop } from '../main/harness';

/** Stands in for Electron's dialog.showSaveDialog: answers the path the test chose, records what was asked. */
function saveDialog() {
  const asked: Parameters<SaveDialogLike['showSaveDialog']>[1][] = [];
  let next: string | null = null;
  const dialog: SaveDialogLike = {
    async showSaveDialog(_w, options) {
      asked.push(options);
      return next ? { canceled: false, filePath: next } : { canceled: true };
    },
  };
  return { dialog, asked, choose: (p: string | null) => (next = p) };
}

let d: Desktop;
let dir: string;
const today = new Date().toISOString().slice(0, 10);
beforeAll(async () => {
  d = await startDesktop();
  dir = tempDir('gcbo-save-');
  const offerId = await insertOffer(d.server.database);
  await insertCard(d.server.database, { sellerId: d.server.users.sellerA.id, offerId, price: '12.50' });
  expect((await d.session.login(d.server.users.sellerA.email, PASSWORD)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await d?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('desktop Save dialog: CSV exports and PDF', () => {
  const saver = (dialog: SaveDialogLike) => createFileSaver({ dialog, client: createApiClient(d.apiUrl), token: () => d.session.token() });

  it('streams a CSV export from the API to the chosen file, with progress, and it parses back', async () => {
    const sd = saveDialog();
    const file = path.join(dir, 'statement.csv');
    sd.choose(file);
    const progress: ExportProgress[] = [];
    const r = await saver(sd.dialog).exportCsv(
      null,
      'exportStatement',
      { query: { start_date: today, end_date: today } },
      'statement-a.csv',
      (p) => progress.push(p),
    );
    expect(r).toMatchObject({ saved: true, path: file, rows: 3 });
    expect(sd.asked[0]).toMatchObject({ defaultPath: 'statement-a.csv', filters: [{ extensions: ['csv'] }] });
    expect(progress.at(-1)).toMatchObject({ rows: 3, done: true });
    const rows = parse(fs.readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((x) => [x.event, x.due])).toEqual([
      ['opening_due', '0.00'],
      ['approved', '12.50'],
      ['closing_due', '12.50'],
    ]);
    expect(fs.existsSync(`${file}.part`)).toBe(false);
  });

  it('cancelled: no request, no file; a refusal: the server text, no file; a non-export or unknown operation is refused', async () => {
    const sd = saveDialog();
    sd.choose(null);
    const before = d.requests();
    expect(
      await saver(sd.dialog).exportCsv(null, 'exportStatement', { query: { start_date: today, end_date: today } }, 'x.csv', () => {}),
    ).toEqual({
      saved: false,
    });
    expect(d.requests()).toBe(before);

    const file = path.join(dir, 'refused.csv');
    sd.choose(file);
    const other = await saver(sd.dialog).exportCsv(
      null,
      'exportStatement',
      { query: { start_date: today, end_date: today, seller_id: d.server.users.sellerB.id } },
      'x.csv',
      () => {},
    );
    expect(other).toMatchObject({ saved: false, status: 403 });
    expect(fs.existsSync(file)).toBe(false);
    expect(await saver(sd.dialog).exportCsv(null, 'listCards', {}, 'x.csv', () => {})).toMatchObject({ saved: false, status: 400 });
    expect(await saver(sd.dialog).exportCsv(null, 'dropTables', {}, 'x.csv', () => {})).toMatchObject({ saved: false, status: 400 });
  });

  it('saves the page as a PDF through the dialog; suggested names are plain file names', async () => {
    const sd = saveDialog();
    const file = path.join(dir, 'statement.pdf');
    sd.choose(file);
    const pdf = Buffer.from('%PDF-1.7 test');
    const asked: unknown[] = [];
    const r = await saver(sd.dialog).savePdf(
      null,
      {
        printToPDF: async (o) => {
          asked.push(o);
          return pdf;
        },
      },
      '../../etc/passwd.pdf',
    );
    expect(r).toEqual({ saved: true, path: file, bytes: pdf.length });
    expect(fs.readFileSync(file)).toEqual(pdf);
    expect(asked[0]).toMatchObject({ printBackground: true, pageSize: 'A4' });
    expect(sd.asked[0].defaultPath).toBe('passwd.pdf');
    expect(safeFileName('a/b/c.exe', 'pdf')).toBe('export.pdf');
    expect(safeFileName(42, 'csv')).toBe('export.csv');
  });
});
