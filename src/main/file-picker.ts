import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '../shared/limits';
import type { PickedFile } from '../shared/endpoints';
import { IMAGE_MIME, sniffImageKind } from '../shared/image-kind';

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'];

/** The part of Electron's `dialog` the picker uses. */
export interface DialogLike {
  showOpenDialog(
    window: unknown,
    options: { title?: string; properties: ('openFile' | 'multiSelections')[]; filters: { name: string; extensions: string[] }[] },
  ): Promise<{ canceled: boolean; filePaths: string[] }>;
}

/** A picked file held in main until it is uploaded; `bytes` is null when the file was too large to read. */
export interface HeldFile {
  name: string;
  type: string;
  size: number;
  bytes: Buffer | null;
  expires: number;
}

export interface FilePicker {
  pick(window: unknown, multiple: boolean): Promise<PickedFile[]>;
  get(id: string): HeldFile | undefined;
  /** Forgets files once they have been uploaded. */
  release(ids: string[]): void;
  held(): number;
}

/** Content type by the file's first bytes (the name is not trusted). */
export function sniffImageType(b: Buffer): string | null {
  const kind = sniffImageKind(b);
  return kind ? IMAGE_MIME[kind] : null;
}

async function readLimited(file: string, max: number): Promise<{ size: number; bytes: Buffer | null } | null> {
  const fh = await fs.open(file, 'r');
  try {
    const st = await fh.stat();
    if (!st.isFile()) return null;
    if (st.size > max) return { size: st.size, bytes: null };
    const buf = Buffer.alloc(st.size);
    const { bytesRead } = await fh.read(buf, 0, st.size, 0);
    return { size: bytesRead, bytes: buf.subarray(0, bytesRead) };
  } finally {
    await fh.close();
  }
}

export function createFilePicker(deps: {
  dialog: DialogLike;
  ttlMs?: number;
  now?: () => number;
  maxBytes?: number;
  maxHeld?: number;
}): FilePicker {
  const ttl = deps.ttlMs ?? LIMITS.desktop.pickedFileMs.value;
  const now = deps.now ?? Date.now;
  const maxBytes = deps.maxBytes ?? LIMITS.uploads.imageBytes.value;
  const maxHeld = deps.maxHeld ?? LIMITS.desktop.pickedFilesHeld.value;
  const files = new Map<string, HeldFile>();

  const purge = () => {
    const t = now();
    for (const [id, f] of files) if (f.expires <= t) files.delete(id);
    // Oldest first: keep memory bounded.
    while (files.size > maxHeld) files.delete(files.keys().next().value as string);
  };

  return {
    async pick(window, multiple) {
      purge();
      const r = await deps.dialog.showOpenDialog(window, {
        title: multiple ? 'Choose images' : 'Choose an image',
        properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'],
        filters: [{ name: 'Images', extensions: IMAGE_EXTENSIONS }],
      });
      if (r.canceled) return [];
      const out: PickedFile[] = [];
      for (const file of r.filePaths.slice(0, multiple ? LIMITS.uploads.imagesPerRequest.value : 1)) {
        let read: Awaited<ReturnType<typeof readLimited>>;
        try {
          read = await readLimited(file, maxBytes);
        } catch {
          continue; // unreadable: skip it
        }
        if (!read) continue;
        const type = (read.bytes && sniffImageType(read.bytes)) || 'application/octet-stream';
        const id = randomUUID();
        const name = path.basename(file);
        files.set(id, { name, type, size: read.size, bytes: read.bytes, expires: now() + ttl });
        const previewUrl = read.bytes && type.startsWith('image/') ? `data:${type};base64,${read.bytes.toString('base64')}` : '';
        out.push({ id, name, size: read.size, type, previewUrl });
      }
      purge();
      return out;
    },
    get(id) {
      const f = files.get(id);
      if (!f) return undefined;
      if (f.expires <= now()) {
        files.delete(id);
        return undefined;
      }
      return f;
    },
    release(ids) {
      for (const id of ids) files.delete(id);
    },
    held: () => files.size,
  };
}
