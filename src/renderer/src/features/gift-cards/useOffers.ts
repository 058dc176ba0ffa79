import { useCallback, useEffect, useState } from 'react';
import type { Offer } from '../../../../shared/types';
import { isOk, useApi } from '../../app/api';

/** Every offer (all-gift-card-offer), for the selects of the card forms. */
export function useOffers() {
  const { call } = useApi();
  const [offers, setOffers] = useState<Offer[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    const r = await call('allOffers', {});
    if (isOk(r) && Array.isArray(r.data)) setOffers(r.data);
    else setError('Could not load the offers');
    setLoading(false);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);
  return { offers, loading, error, reload: load };
}
