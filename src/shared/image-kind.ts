/** Image kinds the API takes, judged by their first bytes (magic numbers); a file's name and declared type are never trusted. */
export type ImageKind = 'jpg' | 'png' | 'webp';

export const IMAGE_MIME: Record<ImageKind, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** JPEG, PNG or WebP by the first 16 bytes (fewer bytes answer null), else null. */
export function sniffImageKind(b: Uint8Array): ImageKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 8 && PNG_SIG.every((v, i) => b[i] === v)) return 'png';
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' && ascii(b, 12, 15) === 'VP8') return 'webp';
  return null;
}
