import type { ImageKind } from '../../../shared/image-kind';

/** PNG colour type -> channels as decoded (a palette becomes RGB or RGBA: counted as 4). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 4, 4: 2, 6: 4 };

/** The first start-of-frame segment's sample precision and component count; null when there is none. */
function jpegFrame(data: Buffer): { precision: number; components: number } | null {
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      at += 2; // no length
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return at + 10 <= data.length ? { precision: data[at + 4]!, components: data[at + 9]! } : null;
    at += 2 + data.readUInt16BE(at + 2);
  }
  return null;
}

/**
 * Bytes per pixel once decoded, read from the header (PNG IHDR, JPEG SOF; WebP counted as RGBA): channels x bytes per
 * channel. Null when the header does not say (the caller refuses the file).
 */
export function decodedBytesPerPixel(kind: ImageKind, data: Buffer): number | null {
  if (kind === 'webp') return 4;
  if (kind === 'png') {
    if (data.length < 26) return null;
    const channels = PNG_CHANNELS[data[25]!];
    return channels ? channels * (data[24]! > 8 ? 2 : 1) : null;
  }
  const frame = jpegFrame(data);
  if (!frame || frame.components < 1 || frame.components > 4) return null;
  return frame.components * (frame.precision > 8 ? 2 : 1);
}
