import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import type { UploadedFile } from '../../http/body';
import { inspectImage, type ImageKind } from './inspect';
import type { ImageBackend } from './backends';

/** A stored photo's bytes, whole (a job hashing or reading it; serving streams instead). */
export async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The fs backend's folder. */
export const imagesDirOf = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'images');

/** Names the server generates; anything else is never looked up. */
const NAME_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;
export const isStoredName = (name: string) => NAME_RE.test(name);

export interface CheckedImage {
  data: Buffer;
  ext: ImageKind;
}

/** Writes the photos into the owner's transaction: call it inside that transaction, before it commits. */
export type SaveIn = (tx: Tx) => Promise<void>;

/**
 * Uploaded photos under server-generated names, in a backend (files or database rows). A write is:
 * check (no I/O) -> withSaved: names made, the owner's transaction calls saveIn(tx) -> nothing is left if it fails.
 */
export function createImageStore(backend: ImageBackend) {
  /** Checks every file by content; throws a 422 on the first bad one. */
  const check = (files: UploadedFile[], field = 'gallery'): CheckedImage[] =>
    files.map((f) => ({ data: f.data, ext: inspectImage(f.data, field).ext }));

  let holds = 0;
  let held: string[] = [];

  /** After a committed delete (the db backend's rows went with it; files are removed here). Best effort. */
  async function remove(names: (string | null | undefined)[]): Promise<void> {
    const mine = names.filter((n): n is string => typeof n === 'string' && isStoredName(n));
    if (holds > 0) held.push(...mine);
    else await backend.drop(mine).catch(() => {});
  }

  /** Runs `work` (a backup) with deletes of files put off until it ends, so files of a snapshot's rows stay until copied. */
  async function holdingDeletes<T>(work: () => Promise<T>): Promise<T> {
    holds += 1;
    try {
      return await work();
    } finally {
      holds -= 1;
      if (holds === 0 && held.length) {
        const names = held;
        held = [];
        await backend.drop(names).catch(() => {});
      }
    }
  }

  /**
   * Runs `work` (the owner's transaction) with fresh names for the images; `work` must call saveIn(tx) in its
   * transaction. Whatever was written is gone if `work` throws (rolled back, or files removed).
   */
  async function withSaved<T>(images: CheckedImage[], work: (names: string[], saveIn: SaveIn) => Promise<T>): Promise<T> {
    const names = images.map((img) => `${randomUUID()}.${img.ext}`);
    const written: string[] = [];
    let saved = images.length === 0;
    const saveIn: SaveIn = async (tx) => {
      for (const [i, img] of images.entries()) {
        await backend.put(tx, names[i], img.data);
        written.push(names[i]);
      }
      saved = true;
    };
    try {
      const result = await work(names, saveIn);
      if (!saved) throw new Error('withSaved: the transaction never called saveIn');
      return result;
    } catch (err) {
      if (backend.kind === 'fs') await remove(written);
      throw err;
    }
  }

  return { kind: backend.kind, check, remove, withSaved, holdingDeletes, open: backend.get };
}
export type ImageStore = ReturnType<typeof createImageStore>;
