import { createHash } from 'node:crypto';
import { decoding } from './decode';
import { notAnImage } from './inspect';
import { shapeHashes } from './shape-hash';

export interface ImageHashes {
  /** SHA-256 of the bytes, hex: the same file. */
  sha256: string;
  /** 64-bit difference hash of the decoded picture as a signed bigint's decimal text: the same picture. */
  dhash: string;
  /** The 8 dHashes of the trimmed picture turned and mirrored (shape-hash.ts), upright first: an edited copy. */
  shapes: string[];
}

/**
 * dHash: the picture in grey, shrunk to 9x8, one bit per pair of horizontal neighbours (left brighter than right).
 * A re-encoded, resized or lightly cropped copy keeps nearly every bit; a different photo differs in about half.
 */
export async function dHash(data: Buffer): Promise<bigint> {
  const { data: px, info } = await decoding(data, (image) =>
    image.flatten({ background: '#ffffff' }).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true }),
  );
  const at = (x: number, y: number) => px[(y * 9 + x) * info.channels]!;
  let hash = 0n;
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) hash = (hash << 1n) | (at(x, y) > at(x + 1, y) ? 1n : 0n);
  return hash;
}

/** The bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let v = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (v) {
    n += Number(v & 1n);
    v >>= 1n;
  }
  return n;
}

/**
 * Both hashes of a photo that already passed inspectImage (type, header size, pixel limit: nothing larger is ever
 * decoded). A photo the decoder cannot read is refused like any other non-image.
 */
export async function imageHashes(data: Buffer, field = 'gallery'): Promise<ImageHashes> {
  const sha256 = createHash('sha256').update(data).digest('hex');
  let hash: bigint;
  let shapes: bigint[];
  try {
    [hash, shapes] = await Promise.all([dHash(data), shapeHashes(data)]);
  } catch {
    throw notAnImage(field);
  }
  return { sha256, dhash: BigInt.asIntN(64, hash).toString(), shapes: shapes.map(String) };
}
