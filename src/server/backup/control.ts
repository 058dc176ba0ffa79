import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LIMITS } from '../../shared/limits';
import type { SnapshotManifest } from './snapshot';

/**
 * PGlite runs inside the server process, and only that process may open its directory: `npm run backup` asks the
 * running server to write the snapshot, over a local socket in DATA_DIR (a named pipe on Windows). Only who can
 * reach the data directory can reach it, as only they could copy the database anyway.
 */
export function backupSocketPath(dataDir: string): string {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\gcbo-backup-${id}`;
  const inDataDir = path.join(path.resolve(dataDir), 'backup.sock');
  // Socket paths are limited to about 100 bytes: a deep DATA_DIR gets one in the temp folder, named after it.
  return Buffer.byteLength(inDataDir) <= 100 ? inDataDir : path.join(os.tmpdir(), `gcbo-backup-${id}.sock`);
}

export function listenForBackups(socketPath: string, backup: (file: string) => Promise<SnapshotManifest>): Promise<net.Server> {
  if (process.platform !== 'win32') fs.rmSync(socketPath, { force: true }); // left by a server that did not stop cleanly
  const server = net.createServer((socket) => {
    let line = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      line += chunk;
      if (!line.includes('\n') || line.length > LIMITS.http.backupLineChars.value) return;
      void (async () => {
        try {
          const { file } = JSON.parse(line.slice(0, line.indexOf('\n'))) as { file: unknown };
          if (typeof file !== 'string' || !path.isAbsolute(file)) throw new Error('give the backup file as an absolute path');
          socket.end(`${JSON.stringify({ ok: true, manifest: await backup(file) })}\n`);
        } catch (err) {
          socket.end(`${JSON.stringify({ ok: false, error: err instanceof Error ? err.message : String(err) })}\n`);
        }
      })();
      line = '';
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      if (process.platform !== 'win32') fs.chmodSync(socketPath, 0o600);
      resolve(server);
    });
  });
}

/** Asks the server running on this data directory for a snapshot; null when no server listens there. */
export function requestBackup(socketPath: string, file: string): Promise<SnapshotManifest | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ file })}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => {
      try {
        const reply = JSON.parse(answer) as { ok: boolean; manifest?: SnapshotManifest; error?: string };
        if (reply.ok) resolve(reply.manifest!);
        else reject(new Error(reply.error));
      } catch {
        reject(new Error('the server gave no answer'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
  });
}
