import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApiQuery } from '../api/query';

/** A seller as a picker shows it: id (as the URL and forms hold it), name, and the option's text when it differs. */
export interface ChosenSeller {
  id: string;
  name: string;
  text?: string;
}

const isId = (v: string) => /^[1-9]\d{0,9}$/.test(v);

/**
 * The seller a filter or form holds by id (`seller_id=12` in the URL), read by itself so the screen can show the
 * name: the picker's text, a filter chip's "Seller: Ann". Null while loading, for no id, or when none is found.
 */
export function useChosenSeller(id: string): ChosenSeller | null {
  const q = useApiQuery('getUser', { id: isId(id) ? Number(id) : 0 }, { enabled: isId(id), loader: false, retry: false });
  const name = q.data?.user && String(q.data.user.id) === id ? q.data.user.name : null;
  return useMemo(() => (name === null ? null : { id, name }), [id, name]);
}

/** The seller a list is filtered by (`seller_id` in the URL), for staff's seller filter; null when none or not `enabled`. */
export function useSellerOfUrl(enabled = true): ChosenSeller | null {
  const [params] = useSearchParams();
  return useChosenSeller(enabled ? (params.get('seller_id') ?? '') : '');
}
