import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AxiosInstance } from 'axios';
import { buildPath, endpoints, isCsvOperation } from '../shared/endpoints';
import type { ExportProgress, SaveResult } from '../shared/bridge';
import { MSG } from '../shared/messages';
import { UNREACHABLE } from './api-client';
import { checkCall } from './validate-args';

/** The part of Electron's `dialog` the savers use. */
export interface SaveDialogLike {
  showSaveDialog(
    window: unknown,
    options: { title: string; defaultPath: string; filters: { name: string; extensions: string[] }[] },
  ): Promise<{ canceled: boolean; filePath?: string }>;
}
/** The part of Electron's `webContents` that prints the page. */
export interface PrintableLike {
  printToPDF(options: { printBackground: boolean; pageSize: 'A4' }): Promise<Uint8Array>;
}

/** A file name the renderer suggests: kept when it is a plain name with the right extension, else a default. */
export function safeFileName(name: unknown, ext: 'csv' | 'pdf'): string {
  const n = typeof name === 'string' ? path.basename(name) : '';
  return /^[\w][\w .()-]{0,120}$/.test(n) && n.toLowerCase().endsWith(`.${ext}`) ? n : `export.${ext}`;
}

/** Counts the lines written (the header is line 0), passing the bytes through. */
function lineCounter(onProgress: (p: ExportProgress) => void): Transform {
  let lines = 0;
  let bytes = 0;
  let last = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
      const now = Date.now();
      if (now - last > 200) {
        last = now;
        onProgress({ rows: Math.max(0, lines - 1), bytes });
      }
      done(null, chunk);
    },
    flush(done) {
      onProgress({ rows: Math.max(0, lines - 1), bytes, done: true });
      done();
    },
  });
}

/**
 * Desktop downloads: the native Save dialog, then main writes the file itself. A CSV export is streamed from the
 * API straight to disk (the renderer never holds it; progress goes back as line counts), into a `.part` file renamed
 * when complete (removed on failure). A PDF is the window's print layout (printToPDF).
 */
export function createFileSaver(deps: { dialog: SaveDialogLike; client: AxiosInstance; token: () => string | null }) {
  const ask = async (window: unknown, name: string, ext: 'csv' | 'pdf') => {
    const r = await deps.dialog.showSaveDialog(window, {
      title: ext === 'csv' ? 'Export CSV' : 'Save as PDF',
      defaultPath: name,
      filters: [ext === 'csv' ? { name: 'CSV file', extensions: ['csv'] } : { name: 'PDF document', extensions: ['pdf'] }],
    });
    return r.canceled || !r.filePath ? null : r.filePath;
  };

  return {
    async savePdf(window: unknown, contents: PrintableLike, name: unknown): Promise<SaveResult> {
      const file = await ask(window, safeFileName(name, 'pdf'), 'pdf');
      if (!file) return { saved: false };
      const pdf = await contents.printToPDF({ printBackground: true, pageSize: 'A4' });
      await fsp.writeFile(file, pdf);
      return { saved: true, path: file, bytes: pdf.byteLength };
    },

    async exportCsv(
      window: unknown,
      op: unknown,
      args: unknown,
      name: unknown,
      onProgress: (p: ExportProgress) => void,
    ): Promise<SaveResult> {
      const checked = checkCall(op, args);
      if (!checked.ok) return { saved: false, status: checked.result.status, message: 'This export is not allowed' };
      if (!isCsvOperation(checked.call.op)) return { saved: false, status: 400, message: 'Not an export' };
      const token = deps.token();
      if (!token) return { saved: false, status: 401, message: MSG.unauthenticated };
      const file = await ask(window, safeFileName(name, 'csv'), 'csv');
      if (!file) return { saved: false };
      let res;
      try {
        res = await deps.client.request<Readable>({
          method: endpoints[checked.call.op].method,
          url: buildPath(checked.call.op, checked.call),
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
          responseType: 'stream',
          maxContentLength: -1,
          timeout: 0,
        });
      } catch {
        return { saved: false, status: 0, message: UNREACHABLE };
      }
      if (res.status !== 200) {
        const chunks: Buffer[] = [];
        for await (const c of res.data) chunks.push(c as Buffer);
        let message = `Export failed with status ${res.status}`;
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: string; errorMsg?: string };
          message = body.errorMsg ?? body.message ?? message;
        } catch {
          /* not JSON */
        }
        return { saved: false, status: res.status, message };
      }
      const part = `${file}.part`;
      let rows = 0;
      let bytes = 0;
      try {
        await pipeline(
          res.data,
          lineCounter((p) => {
            rows = p.rows;
            bytes = p.bytes;
            onProgress(p);
          }),
          fs.createWriteStream(part),
        );
        await fsp.rename(part, file);
      } catch {
        await fsp.rm(part, { force: true });
        return { saved: false, status: 0, message: 'The export was interrupted: no file was saved' };
      }
      return { saved: true, path: file, bytes, rows };
    },
  };
}
export type FileSaver = ReturnType<typeof createFileSaver>;
