import { AUDIT_ENTITIES, type AuditEntity } from '../../../../shared/constants';
import { perPageField, sortField, dateRange } from '../../components/filters/listFields';
import type { FilterField } from '../../components/filters/listFilters';

/** What each kind of record is called on the screen. */
export const ENTITY_LABEL: Record<AuditEntity, string> = {
  gift_card: 'Gift card',
  transaction: 'Transaction',
  user: 'User',
  offer: 'Offer',
  comment: 'Comment',
  image: 'Card photo',
  session: 'Session',
  reject_remedy: 'Rejection remedy',
  qa_review: 'QA sampling',
  payout_hold: 'Payout hold',
  trust_policy: 'Trust policy',
  seller_link: 'Linked sellers',
};

/** The actions staff take, as the audit log records them (an entry of another action still lists and filters by URL). */
export const ACTION_LABEL: Record<string, string> = {
  approve: 'Approve',
  reject: 'Reject',
  set_pending: 'Back to pending',
  dispute: 'Dispute',
  dispute_resolved: 'Dispute resolved',
  review_taken_over: 'Review taken over',
  qa_agreed: 'QA: agreed',
  qa_disagreed: 'QA: disagreed',
  qa_resolved: 'QA: resolved',
  resubmit: 'Resubmit',
  appeal: 'Appeal',
  appeal_decided: 'Appeal decided',
  create: 'Create',
  update: 'Edit',
  delete: 'Delete',
  pay_card: 'Card payment',
  payout: 'Payout',
  bulk_payment: 'Bulk payment',
  redeem: 'Redeem',
  redeem_reversed: 'Redeem reversed',
  payment_requested: 'Payment requested',
  payment_approved: 'Payment approved',
  payment_declined: 'Payment declined',
  hold_placed: 'Hold placed',
  hold_released: 'Hold released',
  link_known_good: 'Link marked known-good',
  login: 'Log in',
  logout: 'Log out',
};
export const actionLabel = (action: string) => ACTION_LABEL[action] ?? action;

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Who (a staff member, or any user by the id in the URL), what, which record (kind and id), when. */
export const auditFields = (people: { id: number; name: string }[]): FilterField[] => [
  { key: 'actor_id', label: 'Who', kind: 'select', options: people.map((p) => ({ value: String(p.id), label: p.name })) },
  { key: 'action', label: 'Action', kind: 'select', options: options(ACTION_LABEL) },
  { key: 'entity', label: 'Record type', kind: 'select', options: AUDIT_ENTITIES.map((e) => ({ value: e, label: ENTITY_LABEL[e] })) },
  { key: 'entity_id', label: 'Record id', kind: 'id' },
  ...dateRange(),
  sortField([{ value: 'created_at', label: 'Oldest first' }]),
  perPageField,
];
