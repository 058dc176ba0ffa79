import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { pngHeaderOnly } from '../../src/server/modules/images/png';

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** The bytes of the filtered scanlines (a filter byte per row) of every Adam7 pass, or of the plain rows. */
function scanlineBytes(width: number, height: number, bytesPerPixel: number, interlaced: boolean): number {
  if (!interlaced) return height * (1 + width * bytesPerPixel);
  let n = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) n += h * (1 + w * bytesPerPixel);
  }
  return n;
}

/**
 * A decompression bomb: a PNG of zeros (filter "none", every sample 0) that is small on the wire and huge decoded:
 * 6300x6300 16-bit RGBA (39.7 megapixels, under the pixel limit; 317 MB decoded) is about 310 KB. The zlib stream is
 * written a slice at a time, so making it never holds the decoded size.
 */
export async function zeroPng(width: number, height: number, opts: { bitDepth?: 8 | 16; interlaced?: boolean } = {}): Promise<Buffer> {
  const depth = opts.bitDepth ?? 16;
  const interlaced = opts.interlaced ?? true;
  const head = pngHeaderOnly(width, height);
  // IHDR's data starts at 16: width, height, bit depth, colour type (6: RGBA), compression, filter, interlace.
  head[24] = depth;
  head[25] = 6;
  head[28] = interlaced ? 1 : 0;
  head.writeUInt32BE(zlib.crc32(head.subarray(12, 29)), 29);
  const total = scanlineBytes(width, height, 4 * (depth / 8), interlaced);
  const slice = Buffer.alloc(1 << 20);
  const zeros = async function* () {
    for (let left = total; left > 0; left -= slice.length) yield slice.subarray(0, Math.min(left, slice.length));
  };
  const parts: Buffer[] = [];
  await pipeline(Readable.from(zeros()), zlib.createDeflate({ level: 9 }), async (compressed: AsyncIterable<Buffer>) => {
    for await (const part of compressed) parts.push(part);
  });
  return Buffer.concat([head, pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}
