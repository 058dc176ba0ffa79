import { useApiQuery } from '../../api/query';

/** Every offer (all-gift-card-offer), for the selects of the card forms. */
export function useOffers() {
  const q = useApiQuery('allOffers', {});
  return {
    offers: Array.isArray(q.data) ? q.data : [],
    loading: q.isPending,
    error: q.isError ? 'Could not load the offers' : null,
    reload: q.refetch,
  };
}
