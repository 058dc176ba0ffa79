import { imageSize } from 'image-size';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import { sniffImageKind, type ImageKind } from '../../../shared/image-kind';
import { HttpError } from '../../http/errors';
import { decodedBytesPerPixel } from './decoded-size';

export type { ImageKind };
export interface ImageInfo {
  ext: ImageKind;
  width: number;
  height: number;
  /** What decoding it takes in memory: width x height x channels x bytes per channel, as its header says. */
  decodedBytes: number;
}

export const notAnImage = (field = 'gallery') =>
  new HttpError(422, { message: MSG.notAnImage, errorMsg: MSG.notAnImage, errors: { [field]: [MSG.notAnImage] } });
export const imageTooLarge = (field = 'gallery') =>
  new HttpError(422, { message: MSG.imageTooLarge, errorMsg: MSG.imageTooLarge, errors: { [field]: [MSG.imageTooLarge] } });

export const sniffKind = sniffImageKind;

/** A PNG is whole when its chunks chain from IHDR to IEND inside the file (no pixel is decoded). */
function pngComplete(data: Buffer): boolean {
  let at = 8;
  let first = true;
  while (at + 12 <= data.length) {
    const len = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (first && (type !== 'IHDR' || len !== 13)) return false;
    first = false;
    const next = at + 12 + len;
    if (len > data.length || next > data.length) return false;
    if (type === 'IEND') return true;
    at = next;
  }
  return false;
}

function structurallyComplete(kind: ImageKind, data: Buffer): boolean {
  if (kind === 'png') return pngComplete(data);
  if (kind === 'webp') return data.length >= 30 && data.readUInt32LE(4) + 8 <= data.length;
  // JPEG: an end-of-image marker must follow the start.
  return data.length >= 4 && data.lastIndexOf(Buffer.from([0xff, 0xd9])) > 2;
}

/**
 * Checks that a file is a real JPEG, PNG or WebP image by its content, and reads its dimensions, channels and bit depth
 * from the header only (nothing is decoded). Refuses unreadable headers (422 notAnImage) and oversized images or
 * decompression bombs (422 imageTooLarge): too many pixels, or too many bytes once decoded, interlaced or not.
 */
export function inspectImage(data: Buffer, field = 'gallery'): ImageInfo {
  if (data.length > LIMITS.uploads.imageBytes.value) throw imageTooLarge(field);
  const kind = sniffKind(data);
  if (!kind) throw notAnImage(field);
  let size: { width?: number; height?: number; type?: string };
  try {
    // A private copy: out-of-bounds header reads then fail instead of reading a pooled buffer's neighbours.
    size = imageSize(new Uint8Array(data));
  } catch {
    throw notAnImage(field);
  }
  const { width, height } = size;
  const type = size.type === 'jpeg' ? 'jpg' : size.type;
  if (type !== kind || !Number.isSafeInteger(width) || !Number.isSafeInteger(height) || !width || !height || width < 1 || height < 1)
    throw notAnImage(field);
  if (width * height > LIMITS.images.pixels.value) throw imageTooLarge(field);
  const perPixel = decodedBytesPerPixel(kind, data);
  if (perPixel === null) throw notAnImage(field);
  const decodedBytes = width * height * perPixel;
  if (decodedBytes > LIMITS.images.decodedBytes.value) throw imageTooLarge(field);
  if (!structurallyComplete(kind, data)) throw notAnImage(field);
  return { ext: kind, width, height, decodedBytes };
}

/** What decoding a stored photo would take in memory; null when it fails the checks (it is never decoded then). */
export function decodedBytesOf(data: Buffer): number | null {
  try {
    return inspectImage(data).decodedBytes;
  } catch {
    return null;
  }
}
