import { useSyncExternalStore } from 'react';
import { sellerLinkedText } from '../../../../shared/link-form';

/** A new link between sellers heard on the live stream (a `seller.linked` event). */
export interface NewLink {
  id: number;
  text: string;
  /** The card whose write made it (its page lists the link), if a card's. */
  cardId: number | null;
}
export interface NewLinks {
  count: number;
  /** The newest first, at most KEEP. */
  recent: readonly NewLink[];
}

const KEEP = 5;
const EMPTY: NewLinks = { count: 0, recent: [] };
let state: NewLinks = EMPTY;
const listeners = new Set<() => void>();
const set = (next: NewLinks) => {
  state = next;
  for (const l of listeners) l();
};

/**
 * The new links of this browser session that staff have not dismissed yet (browser mode's notice: the Seller Lists
 * item's count and the Seller Lists page's list; the desktop app raises an OS notification instead). In memory only.
 */
export function noteNewLink(data: Record<string, unknown>, cardId: number | null | undefined): void {
  const id = typeof data.link_id === 'number' ? data.link_id : Date.now();
  if (state.recent.some((l) => l.id === id)) return;
  const link: NewLink = { id, text: sellerLinkedText(data), cardId: cardId ?? null };
  set({ count: state.count + 1, recent: [link, ...state.recent].slice(0, KEEP) });
}

export const clearNewLinks = () => set(EMPTY);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export const useNewLinks = (): NewLinks => useSyncExternalStore(subscribe, () => state);
