import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { LIMITS } from '../../../shared/limits';
import { PRIVATE_FILE_MODE, privateDir } from '../../private-files';

export type ImageStoreKind = 'fs' | 'db';

export interface StoredImage {
  size: number;
  stream: Readable;
}

/**
 * Where photo bytes live. `put` runs inside the transaction that inserts the row owning the photo (the db backend
 * writes there, so a failed save leaves nothing; the fs backend ignores it). `drop` runs after a committed delete.
 */
export interface ImageBackend {
  kind: ImageStoreKind;
  put(tx: Tx, name: string, data: Buffer): Promise<void>;
  get(name: string): Promise<StoredImage | null>;
  drop(names: string[]): Promise<void>;
}

/** Files in one folder (DATA_DIR/images): the embedded database's default. */
export function fsBackend(dir: string): ImageBackend {
  let folderReady = false;
  return {
    kind: 'fs',
    async put(_tx, name, data) {
      if (!folderReady) privateDir(dir); // created, or made, owner-only once per process
      folderReady = true;
      await fs.promises.writeFile(path.join(dir, name), data, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    },
    async get(name) {
      const file = path.join(dir, name);
      const handle = await fs.promises.open(file, 'r').catch(() => null);
      if (!handle) return null;
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { size: stat.size, stream: handle.createReadStream() };
    },
    async drop(names) {
      await Promise.all(names.map((n) => fs.promises.rm(path.join(dir, n), { force: true }).catch(() => {})));
    },
  };
}

const DB_SLICE_BYTES = LIMITS.images.dbSliceBytes.value;

const asBuffer = (v: unknown): Buffer =>
  Buffer.isBuffer(v) ? v : Buffer.from((v as Uint8Array).buffer, (v as Uint8Array).byteOffset, (v as Uint8Array).byteLength);

/**
 * Rows of image_blobs (PostgreSQL's default): written in the owner's transaction, deleted by triggers in the
 * transaction that deletes the owner (migration 0005), read slice by slice so a large photo is never held whole.
 */
export function dbBackend(database: Database): ImageBackend {
  const slice = async (name: string, from: number): Promise<Buffer | null> => {
    const [row] = await database.query<{ part: unknown }>(
      sql`SELECT substring(data FROM ${from + 1} FOR ${DB_SLICE_BYTES}) AS part FROM image_blobs WHERE name = ${name}`,
    );
    return row ? asBuffer(row.part) : null;
  };
  return {
    kind: 'db',
    async put(tx, name, data) {
      await tx.execute(sql`INSERT INTO image_blobs (name, data) VALUES (${name}, ${data})`);
    },
    async get(name) {
      const [row] = await database.query<{ size: number; head: unknown }>(
        sql`SELECT octet_length(data) AS size, substring(data FROM 1 FOR ${DB_SLICE_BYTES}) AS head FROM image_blobs WHERE name = ${name}`,
      );
      if (!row) return null;
      const size = Number(row.size);
      const head = asBuffer(row.head);
      async function* slices() {
        yield head;
        for (let at = head.length; at < size;) {
          const part = await slice(name, at);
          // Deleted (or replaced) while being read: end with an error rather than a short body taken as whole.
          if (!part || part.length === 0) throw new Error(`image ${name} changed while it was read`);
          at += part.length;
          yield part;
        }
      }
      return { size, stream: Readable.from(slices(), { objectMode: false }) };
    },
    // The triggers already removed the rows with their owners.
    async drop() {},
  };
}
