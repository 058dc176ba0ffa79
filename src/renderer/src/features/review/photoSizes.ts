import { useEffect, useState } from 'react';
import { useApi } from '../../app/api';

export interface PhotoSize {
  width: number;
  height: number;
}

/** Each card photo's own size by image id, once loaded: a photo shown again (a refetch, a new signed URL) has its shape at once. */
const sizes = new Map<number, PhotoSize>();

export const photoSize = (imageId: number): PhotoSize | undefined => sizes.get(imageId);

export function rememberPhotoSize(imageId: number, size: PhotoSize) {
  sizes.set(imageId, size);
}

/**
 * Whether every photo's size is known (loaded beforehand), or `waitMs` has passed: the card page shows its photos
 * in their own shape from the first frame instead of a guessed one they then leave (a layout shift, issue 55).
 */
export function usePhotosSized(images: { id: number; url: string }[] | undefined, waitMs = 800): boolean {
  const { transport } = useApi();
  const key = (images ?? []).map((i) => i.id).join(',');
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    const missing = (images ?? []).filter((i) => !sizes.has(i.id));
    if (missing.length === 0) return;
    let left = missing.length;
    const finish = () => setDone(key);
    const timer = window.setTimeout(finish, waitMs);
    const settle = () => {
      if (--left === 0) finish();
    };
    for (const img of missing) {
      const probe = new Image();
      probe.onload = () => {
        if (probe.naturalWidth > 0) sizes.set(img.id, { width: probe.naturalWidth, height: probe.naturalHeight });
        settle();
      };
      probe.onerror = settle;
      probe.src = transport.imageUrl(img.url);
    }
    return () => window.clearTimeout(timer);
    // `key` names the card's photos: measured once per set, not again on a refetch with new signed URLs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, waitMs, transport]);
  return images !== undefined && (done === key || images.every((i) => sizes.has(i.id)));
}
