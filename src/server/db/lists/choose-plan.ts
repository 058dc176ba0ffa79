import { boundDepth, conditionsOf, plainDepth, plainPlan, plainTotal, selectRows, withCount, type Plan } from './core';
import { guessAndVerify } from './plans/guess-and-verify';
import { ONE_SCAN_DEPTH, oneScan, oneScanApplies } from './plans/one-scan';
import { sellerFanOut, sellerFanOutApplies } from './plans/seller-fan-out';
import type { Reading } from './reading';
import type { Filters, ListDef, PageRequest } from './types';

/**
 * The plan of a page (docs/lists.md): the plain plan unless the query has a search. A search matching a few sellers
 * reads them one by one (seller fan-out); a search's page and total come from one scan when the page lies within its
 * first cap + 1 rows and nothing counts it exactly; a resolve's guess is checked by the same statement.
 */
export function choosePlan<F extends Filters>(def: ListDef<F>, f: F, req: PageRequest, r: Reading): Plan {
  const { where, search, rest } = conditionsOf(def, f);
  if (!search) return plainPlan(def, f, req, r, where);
  const fanOut = sellerFanOutApplies(search) ? sellerFanOut(def, f, search, rest(), r) : undefined;
  const plain = plainTotal(def, f, req, where);
  const sellersCounted = !req.uncounted && !plain.exact && fanOut?.total !== undefined;
  const scan = !req.uncounted && !plain.exact && !sellersCounted && oneScanApplies(search, r);
  const depth = scan ? ONE_SCAN_DEPTH : fanOut ? boundDepth(r) : plainDepth(r);
  const candidates = fanOut ? fanOut.rows(depth) : selectRows(def.from, r, where, depth);
  const total = sellersCounted ? fanOut!.total! : plain.total;
  const counted: Plan = scan
    ? oneScan(candidates, r)
    : { names: [], rows: withCount(r, total, candidates), exact: plain.exact };
  const names = [...(fanOut ? ['seller-fan-out'] : []), ...counted.names];
  const plan = { ...counted, names: names.length ? names : ['plain'] };
  return search.wrong ? guessAndVerify(plan, search.wrong) : plan;
}
