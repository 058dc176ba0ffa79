import type { JobHandler } from '../jobs/runner';
import { recomputeTrust } from './service';

/**
 * The seller-trust job (key: the seller's id): scores the seller from their history as it is when the job runs, in the
 * transaction that marks it done. Queued by every change of the history (trust/repository.ts `queueTrustOfCard`).
 */
export function sellerTrustJob(): JobHandler {
  return async (job, finish) => {
    await finish(async (tx) => {
      await recomputeTrust(tx, Number(job.key));
    });
  };
}
