import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isoOrNull, moneyOut } from '../../db/values';
import type { CardStatus, RejectReason } from '../../../shared/constants';
import { LIMITS } from '../../../shared/limits';
import type { CardMoney, HistoryEntry } from '../../../shared/types';
import { notFound } from '../../http/errors';
import { pageOffset, pageResult } from '../../http/page';
import type { AuthUser } from '../auth/service';
import { findCard, findCardView } from '../cards/repository';
import { cardOut } from '../cards/shape';
import { isSeller } from '../cards/rules';
import { rowsOf } from '../../db/rows';
import { listPage } from '../../db/lists/list-page';
import type { ListDef, PlanLog } from '../../db/lists/types';
import { MSG } from '../../../shared/messages';
import { qaHistoryNote } from '../../../shared/qa';
import { cardHolds } from '../holds/repository';
import { ADJUST_REASON_LABEL, type AdjustReason } from '../../../shared/adjustment';
import { formatMoney } from '../../../shared/money';

interface EventRow {
  src: string;
  seq: string;
  at: string;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  entity: string;
  details: Record<string, unknown> | string | null;
  tx_id: number | null;
  code: string | null;
  amount: string | null;
  comment: string | null;
}

/** Every event of one card (the viewer staff or not): its audit entries (edits without a change left out), its photos' and comments', its payments. */
const events = (id: number, staff: boolean) => sql`
  SELECT 'a' AS src, a.id AS seq, a.created_at AS at, a.actor_id, a.action, a.entity, a.entity_id, a.details,
         NULL::int AS tx_id, NULL::text AS code, NULL::numeric AS amount
    FROM audit_log a
   WHERE a.entity = 'gift_card' AND a.entity_id = ${id} AND a.action <> 'delete'
     -- QA's second looks are staff's own (issue 54): a seller never sees them.
     AND (${staff}::boolean OR a.action NOT IN ('qa_agreed', 'qa_disagreed', 'qa_resolved'))
     AND NOT (a.action = 'update' AND a.details->'before' = a.details->'after'
              AND coalesce((a.details->>'imagesAdded')::int, 0) = 0)
  UNION ALL
  SELECT 'a', a.id, a.created_at, a.actor_id, a.action, a.entity, a.entity_id, a.details, NULL, NULL, NULL
    FROM audit_log a
   WHERE a.entity IN ('image', 'comment') AND a.details->>'giftCardId' = ${String(id)}
  UNION ALL
  SELECT 'p', al.id, t.created_at, t.created_by, 'payment', 'transaction', t.id, '{}'::jsonb, t.id, t.code, al.amount
    FROM transaction_allocations al JOIN transactions t ON t.id = al.transaction_id
   WHERE al.gift_card_id = ${id}`;

/**
 * One card's events as a list, newest first (ties: payments before audit entries, then the later entry). An event's
 * id is its kind and its entry's id in one number (payments above 2^32), so the list's order is (at, id).
 */
const historyList = (id: number, staff: boolean): ListDef<Record<string, never>> => ({
  from: sql`(${events(id, staff)}) ev`,
  id: eventId,
  filters: {},
  sorts: { at: { key: sql`ev.at`, type: 'timestamptz' } },
  defaultSort: '-at',
  // Exact: one card's events are few.
  counter: () => sql`(SELECT count(*) FROM (${events(id, staff)}) ev)`,
});
const eventId = sql`(CASE WHEN ev.src = 'p' THEN 4294967296 ELSE 0 END + ev.seq)`;

const FIELDS = [
  ['offerId', 'offer'],
  ['price', 'price'],
  ['rate', 'rate'],
  ['cardNumber', 'card_number'],
  ['description', 'description'],
] as const;
const textOf = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const numberOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** Who asks: staff see everything; a seller sees staff's actions without staff names or staff-only notes. */
interface Viewer {
  staff: boolean;
  id: number;
}

/** Issue 53: an approval at an adjusted value, as the card's history says it. */
function adjustedNote(a: unknown): string {
  const v = a as { asked_price?: number; price?: number; reason?: string; note?: string | null };
  const label = ADJUST_REASON_LABEL[v.reason as AdjustReason] ?? String(v.reason);
  const text = MSG.historyAdjusted(formatMoney(v.price ?? 0), formatMoney(v.asked_price ?? 0), label);
  return v.note ? `${text} ${v.note}` : text;
}

function toEntry(r: EventRow, offers: Map<number, string>, viewer: Viewer): HistoryEntry {
  const staff = viewer.staff;
  const d = (typeof r.details === 'string' ? JSON.parse(r.details) : (r.details ?? {})) as Record<string, unknown>;
  const named = r.actor_id !== null && (staff || Number(r.actor_id) === viewer.id);
  const base = {
    id: `${r.src}${r.seq}`,
    at: isoOrNull(r.at) ?? '',
    actor: named ? { id: Number(r.actor_id), name: r.actor_name ?? 'Deleted user' } : null,
  };
  if (r.entity === 'transaction')
    return { ...base, kind: 'payment', payment: { transaction_id: Number(r.tx_id), code: r.code ?? '', amount: moneyOut(r.amount) } };
  if (r.entity === 'comment')
    return r.action === 'create' ? { ...base, kind: 'comment', comment: r.comment } : { ...base, kind: 'comment_deleted' };
  if (r.entity === 'image') return { ...base, kind: 'image_removed' };
  if (r.action === 'create') return { ...base, kind: 'submitted', images_added: Number(d.images ?? 0) };
  // Issue 53: a resubmission is the card's next submission; an appeal and its answer are the seller's and staff's words.
  if (r.action === 'resubmit')
    return { ...base, kind: 'submitted', images_added: Number(d.images ?? 0), status: { from: 2, to: 0 }, note: MSG.historyResubmitted };
  if (r.action === 'appeal' || r.action === 'appeal_decided') {
    const outcome = r.action === 'appeal' ? null : d.outcome === 'reversed' ? 'reversed' : 'upheld';
    const decision = d.decision === 'clawback' ? 'clawback' : 'rejection';
    return { ...base, kind: 'appeal', note: textOf(d.note), appeal: { decision, outcome } };
  }
  if (r.action === 'update') {
    const before = (d.before ?? {}) as Record<string, unknown>;
    const after = (d.after ?? {}) as Record<string, unknown>;
    const shown = (k: string, v: unknown) => (k === 'offerId' && v != null ? (offers.get(Number(v)) ?? `#${String(v)}`) : textOf(v));
    const changes = FIELDS.filter(([k]) => k in after && textOf(before[k]) !== textOf(after[k])).map(([k, field]) => ({
      field,
      before: shown(k, before[k]),
      after: shown(k, after[k]),
    }));
    return { ...base, kind: 'edited', changes, images_added: Number(d.imagesAdded ?? 0) };
  }
  if (r.action === 'approve' || r.action === 'reject' || r.action === 'set_pending' || r.action === 'withdraw') {
    const override = d.override as { reason?: string } | undefined;
    return {
      ...base,
      kind: 'status',
      status: { from: numberOrNull(d.from) as CardStatus | null, to: Number(d.to) as CardStatus },
      ...(r.action === 'reject' ? { reason: (d.reason as RejectReason | null) ?? null, note: textOf(d.note) } : {}),
      ...(staff && override ? { override_reason: textOf(override.reason) } : {}),
      ...(d.withdrawn ? { note: MSG.approvalWithdrawn } : {}),
      ...(d.via === 'appeal' ? { note: MSG.historyAppealReversed } : {}),
      ...(d.adjusted ? { note: adjustedNote(d.adjusted) } : {}),
      ...(r.action === 'withdraw' ? { note: MSG.withdrawnNote } : {}),
    };
  }
  // Clawbacks (money #15): disputed 1 -> 3 and resolved 3 -> 1, with the reason's label and the note.
  if (r.action === 'dispute' || r.action === 'dispute_resolved') {
    // The note is staff's own (issue 29): a seller sees the reason's label only.
    const why = [textOf(d.reason_label), staff ? textOf(d.note) : null].filter(Boolean).join(': ');
    return {
      ...base,
      kind: 'status',
      status: { from: numberOrNull(d.from) as CardStatus | null, to: Number(d.to) as CardStatus },
      note: why || null,
    };
  }
  if (r.action === 'adjustment_accepted') return { ...base, kind: 'other', note: MSG.historyAdjustmentAccepted };
  if (r.action.startsWith('qa_')) return { ...base, kind: 'qa', note: qaHistoryNote(r.action, d) };
  return { ...base, kind: 'other' };
}

export function createHistoryService(database: Database) {
  const { db } = database;
  return {
    /** Newest first, 10 a page; a seller sees their own card's (without staff-only details), never another's. */
    async history(user: AuthUser, id: number, page: number, log?: PlanLog) {
      const card = await findCard(db, id);
      if (!card) throw notFound();
      const staff = !isSeller(user);
      const per = LIMITS.lists.historyPerPage.value;
      const read = (list: SQL) =>
        rowsOf<EventRow & { n: number; id: number | null; k: string | null }>(
          db,
          sql`SELECT pa.n, pr.id, pr.k, ev.src, ev.seq::text AS seq, ev.at::text AS at, ev.actor_id, u.name AS actor_name,
                     ev.action, ev.entity, ev.details, ev.tx_id, ev.code, ev.amount::text AS amount, c.comment
                FROM ${list}
                LEFT JOIN (${events(id, staff)}) ev ON ${eventId} = pr.id
                LEFT JOIN users u ON u.id = ev.actor_id
                LEFT JOIN gift_card_comments c ON ev.entity = 'comment' AND c.id = ev.entity_id
               ORDER BY pr.o`,
        );
      const p = await listPage(db, historyList(id, staff), {}, { limit: per, offset: pageOffset(page, per), read, log });
      const [rows, total] = [p.rows as unknown as EventRow[], p.count.total];
      const offerIds = new Set<number>();
      for (const r of rows) {
        const d = (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as {
          before?: { offerId?: number };
          after?: { offerId?: number };
        };
        if (r.action === 'update' && d?.before?.offerId) offerIds.add(Number(d.before.offerId));
        if (r.action === 'update' && d?.after?.offerId) offerIds.add(Number(d.after.offerId));
      }
      const offers = new Map<number, string>();
      if (offerIds.size) {
        const list = await rowsOf<{ id: number; title: string }>(
          db,
          sql`SELECT id, title FROM gift_card_offers WHERE id IN (${sql.join(
            [...offerIds].map((o) => sql`${o}`),
            sql`, `,
          )})`,
        );
        for (const o of list) offers.set(Number(o.id), o.title);
      }
      const entries = rows.map((r) => toEntry(r, offers, { staff, id: user.id }));
      return { data: pageResult(entries, page, per, Number(total)) };
    },

    /** Price, rate, payable, paid, due, every payout that paid the card (newest first) and its clawbacks (oldest first). */
    async money(user: AuthUser, id: number): Promise<{ data: CardMoney }> {
      const row = await findCardView(db, id);
      if (!row) throw notFound();
      const card = cardOut(row);
      const [holds, clawbacks, payments] = await Promise.all([
        cardHolds(db, [id]),
        rowsOf<{ id: number; kind: number; code: string; amount: string; created_at: string; by: string | null }>(
          db,
          sql`SELECT t.id, t.kind, t.code, t.transaction_amount::text AS amount, t.created_at::text AS created_at, u.name AS by
              FROM transactions t LEFT JOIN users u ON u.id = t.created_by
             WHERE t.gift_card_id = ${id} AND t.kind IN (1, 2)
             ORDER BY t.id`,
        ),
        rowsOf<{
          id: number;
          code: string;
          amount: string;
          transaction_amount: string;
          is_redeem: number;
          created_at: string;
          by: string | null;
        }>(
          db,
          sql`SELECT t.id, t.code, sum(al.amount)::text AS amount, t.transaction_amount::text AS transaction_amount, t.is_redeem,
                   t.created_at::text AS created_at, u.name AS by
              FROM transaction_allocations al JOIN transactions t ON t.id = al.transaction_id
              LEFT JOIN users u ON u.id = t.created_by
             WHERE al.gift_card_id = ${id}
             GROUP BY t.id, u.name
             ORDER BY t.id DESC`,
        ),
      ]);
      return {
        data: {
          // A pending card's hold applies once approved; a paid, rejected or disputed card has nothing to hold.
          hold: card.card_status === 0 || (card.card_status === 1 && card.due > 0) ? (holds.get(id) ?? null) : null,
          price: card.price,
          rate: card.rate,
          payable: card.payable,
          paid_amount: card.paid_amount,
          due: card.due,
          card_status: card.card_status,
          clawbacks: clawbacks.map((c) => ({
            transaction_id: Number(c.id),
            kind: Number(c.kind) === 1 ? ('clawback' as const) : ('clawback_reversed' as const),
            code: c.code,
            amount: moneyOut(c.amount),
            created_at: isoOrNull(c.created_at) ?? '',
            by: isSeller(user) ? null : c.by,
          })),
          payments: payments.map((p) => ({
            transaction_id: Number(p.id),
            code: p.code,
            amount: moneyOut(p.amount),
            transaction_amount: moneyOut(p.transaction_amount),
            is_redeem: Number(p.is_redeem) === 1 ? 1 : 0,
            created_at: isoOrNull(p.created_at) ?? '',
            // Staff names are staff's own (issue 29).
            by: isSeller(user) ? null : p.by,
          })),
        },
      };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
