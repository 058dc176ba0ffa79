import { describe, expect, it } from 'vitest';
import { planCardEdit } from '../../src/server/modules/cards/edit-plan';
import type { CardRecord } from '../../src/server/modules/cards/repository';
import { CARD_STATUS } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';

const card = (over: Partial<CardRecord> = {}): CardRecord => ({
  id: 1,
  offerId: 10,
  sellerId: 5,
  cardNumber: '6035771244091183',
  description: 'a card',
  status: CARD_STATUS.approved,
  price: 5000,
  rate: 500,
  paid: 0,
  rejectReason: null,
  rejectNote: null,
  version: 3,
  ...over,
});
const same = { giftcard_offer_id: 10, price: 5000 };

describe('planCardEdit', () => {
  it('an approved card whose price changes goes back to Pending, unless the request approves it again', () => {
    const withdrawn = planCardEdit(card(), { ...same, price: 4500 }, { price: 4500 }, false);
    expect(withdrawn).toMatchObject({ withdrawn: true, decided: true, repriced: true, approvesAgain: false });
    expect(withdrawn.fields.cardStatus).toBe(CARD_STATUS.pending);
    const again = planCardEdit(card(), { ...same, price: 4500, card_status: 1 }, { price: 4500, card_status: 1 }, false);
    expect(again).toMatchObject({ withdrawn: false, approvesAgain: true, decided: true });
    expect(again.fields.cardStatus).toBe(CARD_STATUS.approved);
  });

  it('a seller neither changes the status nor the number; staff may', () => {
    const pending = card({ status: CARD_STATUS.pending });
    const input = { ...same, card_status: 1 as const, card_number: '1111222233334444' };
    const bySeller = planCardEdit(pending, input, { card_status: 1, card_number: input.card_number }, true);
    expect(bySeller.fields).toMatchObject({ cardStatus: CARD_STATUS.pending, cardNumber: pending.cardNumber });
    expect(bySeller.decided).toBe(false);
    const byStaff = planCardEdit(pending, input, { card_status: 1, card_number: input.card_number }, false);
    expect(byStaff.fields).toMatchObject({ cardStatus: CARD_STATUS.approved, cardNumber: input.card_number });
    expect(byStaff.statusChanged).toBe(true);
  });

  it('a paid card keeps its offer, price and status, but a missing number may be filled in', () => {
    expect(() => planCardEdit(card({ paid: 100 }), { ...same, price: 4000 }, { price: 4000 }, false)).toThrow(MSG.cardHasPayments);
    expect(() => planCardEdit(card({ paid: 100 }), { ...same, card_status: 2 }, { card_status: 2 }, false)).toThrow(MSG.cardHasPayments);
    const filled = planCardEdit(card({ paid: 100, cardNumber: null }), { ...same, card_number: '6035' }, { card_number: '6035' }, false);
    expect(filled.fields.cardNumber).toBe('6035');
    expect(filled.approvesAgain).toBe(true);
  });

  it('a rejection keeps its reason until the status or the reason changes', () => {
    const rejected = card({ status: CARD_STATUS.rejected, rejectReason: 'duplicate', rejectNote: 'seen before' });
    expect(planCardEdit(rejected, { ...same }, { description: 'x' }, false).fields).toMatchObject({
      rejectReason: 'duplicate',
      rejectNote: 'seen before',
    });
    const changed = planCardEdit(rejected, { ...same, reject_reason: 'other' }, { reject_reason: 'other' }, false);
    expect(changed).toMatchObject({ reasonSent: true, fields: { rejectReason: 'other', rejectNote: null } });
  });
});
