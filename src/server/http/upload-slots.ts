import { HttpError } from './errors';

/**
 * How many multipart uploads may be read at once: per user and in this server process. Reading an upload holds
 * up to MAX_IMAGES_PER_REQUEST x MAX_IMAGE_BYTES in memory, so the bound is on memory as much as on fairness.
 */
export const UPLOAD_LIMITS = { perUser: 2, total: 8 };

const busy = new Map<number | string, number>();
let total = 0;

/** Takes a slot for `who` (a user id, or the address of an anonymous caller) or refuses with a 429. */
export function takeUploadSlot(who: number | string): () => void {
  const mine = busy.get(who) ?? 0;
  if (mine >= UPLOAD_LIMITS.perUser || total >= UPLOAD_LIMITS.total)
    throw new HttpError(429, { message: 'Too many uploads at once. Please wait for the others to finish and try again.' });
  busy.set(who, mine + 1);
  total += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total -= 1;
    const left = (busy.get(who) ?? 1) - 1;
    if (left > 0) busy.set(who, left);
    else busy.delete(who);
  };
}

/** Uploads being read right now in this process. */
export const uploadsInProgress = (): number => total;
