import sharp from 'sharp';
import { decoding } from './decode';

/** The square the trimmed picture is brought to: divisible by 9 and 8, the dHash grid. */
const N = 72;

/**
 * Where target pixel (x, y) of each of the 8 ways a square can lie (4 turns, each also mirrored) comes from. A turned
 * copy of a photo squeezed into the square is the square of the photo, turned: so one of these 8 hashes of a turned or
 * mirrored copy is the hash of the original.
 */
const FORMS: ((x: number, y: number) => [number, number])[] = [
  (x, y) => [x, y],
  (x, y) => [y, N - 1 - x],
  (x, y) => [N - 1 - x, N - 1 - y],
  (x, y) => [N - 1 - y, x],
  (x, y) => [N - 1 - x, y],
  (x, y) => [y, x],
  (x, y) => [x, N - 1 - y],
  (x, y) => [N - 1 - y, N - 1 - x],
];

const TRIM_THRESHOLD = 24;

/** The grey level of all four corners when they agree (a frame, a plain margin); null when they do not. */
function cornerColour(px: Buffer, width: number, height: number): number | null {
  const corners = [px[0]!, px[width - 1]!, px[(height - 1) * width]!, px[height * width - 1]!];
  if (Math.max(...corners) - Math.min(...corners) > TRIM_THRESHOLD) return null;
  return Math.round(corners.reduce((a, b) => a + b, 0) / 4);
}

/**
 * Borders cut off: while all four corners have one colour, the edges of that colour are trimmed (at most 3 times), so a
 * photo and the same photo in a frame come to the same picture. Only when the four corners agree: trimming to one
 * corner's colour would cut a turned or mirrored copy differently. Grey, at most 512 px a side first.
 */
async function trimmedGrey(data: Buffer): Promise<{ px: Buffer; width: number; height: number }> {
  let { data: px, info } = await decoding(data, (image) =>
    image
      .flatten({ background: '#ffffff' })
      .greyscale()
      .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  for (let i = 0; i < 3; i++) {
    const grey = cornerColour(px, info.width, info.height);
    if (grey === null) break;
    const cut = await sharp(px, { raw: { width: info.width, height: info.height, channels: 1 } })
      .trim({ background: { r: grey, g: grey, b: grey }, threshold: TRIM_THRESHOLD })
      .greyscale() // raw output is sRGB (3 channels) unless asked
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => null); // one colour all over: nothing to trim to
    if (!cut || (cut.info.width === info.width && cut.info.height === info.height) || cut.info.width < 16 || cut.info.height < 16) break;
    ({ data: px, info } = cut);
  }
  return { px, width: info.width, height: info.height };
}

/** dHash (9x8 block means, left brighter than right) of the square read through one form. */
function formHash(square: Buffer, form: (x: number, y: number) => [number, number]): bigint {
  const bw = N / 9;
  const bh = N / 8;
  const cells: number[] = [];
  for (let cy = 0; cy < 8; cy++)
    for (let cx = 0; cx < 9; cx++) {
      let sum = 0;
      for (let y = cy * bh; y < (cy + 1) * bh; y++)
        for (let x = cx * bw; x < (cx + 1) * bw; x++) {
          const [sx, sy] = form(x, y);
          sum += square[sy * N + sx]!;
        }
      cells.push(sum);
    }
  let hash = 0n;
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) hash = (hash << 1n) | (cells[y * 9 + x]! > cells[y * 9 + x + 1]! ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/**
 * The photo's shape hashes: the 8 dHashes of its trimmed picture, upright first. Two photos whose upright hash and one of
 * the other's 8 are close are the same picture, turned by 90/180/270 degrees, mirrored, framed, re-encoded or resized.
 */
export async function shapeHashes(data: Buffer): Promise<bigint[]> {
  const { px, width, height } = await trimmedGrey(data);
  const square = await sharp(px, { raw: { width, height, channels: 1 } })
    .resize(N, N, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  return FORMS.map((form) => formHash(square, form));
}
