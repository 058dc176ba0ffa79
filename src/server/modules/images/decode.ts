import sharp, { type Sharp } from 'sharp';
import { LIMITS } from '../../../shared/limits';
import { decodedBytesOf } from './inspect';

const MAX_AT_ONCE = LIMITS.images.decodesAtOnce.value;
const MAX_DECODED_IMAGE_BYTES = LIMITS.images.decodedBytes.value;

let bytesInUse = 0;
let running = 0;
const waiting: { bytes: number; go: () => void }[] = [];

function next(): void {
  while (waiting.length && running < MAX_AT_ONCE && (running === 0 || bytesInUse + waiting[0]!.bytes <= MAX_DECODED_IMAGE_BYTES)) {
    const w = waiting.shift()!;
    running += 1;
    bytesInUse += w.bytes;
    w.go();
  }
}

/**
 * Decodes a photo with sharp (in libuv's threads, never on the event loop) under sharp's own pixel limit, once its
 * header passed inspectImage's checks (a photo that fails them is never decoded: the promise rejects). Decodes wait
 * their turn, weighed by their decoded size: together at most MAX_DECODED_IMAGE_BYTES and MAX_AT_ONCE, so uploads of
 * large photos queue behind each other rather than add up in memory or take every thread from logins.
 */
export async function decoding<T>(data: Buffer, work: (image: Sharp) => Promise<T>): Promise<T> {
  const bytes = decodedBytesOf(data);
  if (bytes === null) throw new Error('not a photo this server decodes');
  await new Promise<void>((go) => {
    waiting.push({ bytes, go });
    next();
  });
  try {
    return await work(sharp(data, { limitInputPixels: LIMITS.images.pixels.value, failOn: 'error', autoOrient: true }));
  } finally {
    running -= 1;
    bytesInUse -= bytes;
    next();
  }
}
