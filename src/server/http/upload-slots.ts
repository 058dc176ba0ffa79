import type { IncomingMessage } from 'node:http';
import { LIMITS } from '../../shared/limits';
import { MSG } from '../../shared/messages';
import { HttpError } from './errors';

/**
 * How many multipart uploads may be read at once: per user and in this server process, of which `staffReserved` only
 * for staff (a crowd of sellers never shuts out a staff comment photo). Reading an upload holds up to
 * imagesPerRequest x imageBytes in memory, so the bound is on memory as much as on fairness. An upload that
 * arrives slower than `minBytesPerSecond` on average, judged once `graceMs` have passed, is cut (408) and frees its slot.
 */
export const UPLOAD_LIMITS = {
  perUser: LIMITS.uploads.slotsPerUser.value,
  total: LIMITS.uploads.slotsTotal.value,
  staffReserved: LIMITS.uploads.slotsStaffReserved.value,
  minBytesPerSecond: LIMITS.uploads.minBytesPerSecond.value,
  graceMs: LIMITS.uploads.paceGraceMs.value,
};

const busy = new Map<number | string, number>();
let total = 0;

/** Takes a slot for `who` (a user id, or the address of an anonymous caller) or refuses with a 429. */
export function takeUploadSlot(who: number | string, staff = false): () => void {
  const mine = busy.get(who) ?? 0;
  const room = staff ? UPLOAD_LIMITS.total : UPLOAD_LIMITS.total - UPLOAD_LIMITS.staffReserved;
  if (mine >= UPLOAD_LIMITS.perUser || total >= room) throw new HttpError(429, { message: MSG.tooManyUploads });
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

/**
 * Watches an upload's pace by its connection's byte count (no listener on the body, which the multipart reader
 * consumes): `tooSlow` rejects with a 408 once it falls below the minimum rate; `stop` when the body has been read.
 */
export function watchPace(raw: IncomingMessage): { tooSlow: Promise<never>; stop: () => void } {
  const { socket } = raw;
  const started = Date.now();
  const bytesBefore = socket?.bytesRead ?? 0;
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      const elapsed = Date.now() - started;
      // (An injected request, in tests, has no real socket to count.)
      if (raw.complete || elapsed < UPLOAD_LIMITS.graceMs || typeof socket?.bytesRead !== 'number') return;
      if ((socket.bytesRead - bytesBefore) * 1000 >= UPLOAD_LIMITS.minBytesPerSecond * elapsed) return;
      clearInterval(timer);
      reject(new HttpError(408, { message: MSG.uploadTooSlow }));
    }, 250);
  });
  tooSlow.catch(() => {}); // a body read before its pace was judged: nobody waits for this any more
  return { tooSlow, stop: () => clearInterval(timer) };
}
