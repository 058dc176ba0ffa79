import { describe, expect, it } from 'vitest';
import {
  amountIssue,
  bulkPaymentForm,
  cardEditForm,
  dateRangeForm,
  offerForm,
  priceError,
  transactionForm,
  userForm,
} from '../../src/shared/forms';
import { MSG } from '../../src/shared/messages';
import { withShownAmounts } from '../../src/renderer/src/api/results';
import { payFailureText } from '../../src/renderer/src/components/cards/payFailure';
import type { Offer } from '../../src/shared/types';
import { formErrorsOf, refusalToast } from '../../src/renderer/src/api/results';
import { countOf, formatDate, formatMoney } from '../../src/renderer/src/lib/format';
import { rangePriceHelp } from '../../src/renderer/src/lib/offers';
import { addDays, isoDay, monthRange, yearRange } from '../../src/renderer/src/lib/dates';
import { xTicks } from '../../src/renderer/src/components/charts/chartTicks';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const offer = (o: Partial<Offer>): Offer =>
  ({
    id: 1,
    title: 'T',
    is_active: 1,
    price_type: 0,
    min_price: 25,
    max_price: 100,
    fixed_price: null,
    rate_type: 0,
    rate: 10,
    ...o,
  }) as Offer;

describe('money input', () => {
  it('requires a value, at most 2 decimals, not negative, above 0 when asked', () => {
    expect(amountIssue('', 'Rate')).toBe('Rate is required');
    expect(amountIssue('  ', 'Rate')).toBe('Rate is required');
    expect(amountIssue('12.345', 'Rate')).toBe('Rate must be an amount with at most 2 decimals');
    expect(amountIssue('-1', 'Rate')).toBe('Rate cannot be negative');
    expect(amountIssue('-0.5', 'Rate')).toBe('Rate cannot be negative');
    expect(amountIssue('-1.234', 'Rate')).toBe('Rate cannot be negative');
    expect(amountIssue('abc', 'Rate')).toBe('Rate must be an amount with at most 2 decimals');
    expect(amountIssue('0', 'Amount', { positive: true })).toBe('Amount must be more than 0');
    expect(amountIssue('0', 'Amount')).toBeUndefined();
    expect(amountIssue('12.30', 'Amount', { positive: true })).toBeUndefined();
  });

  it('accepts a pasted dollar sign and thousands commas, and names what else is wrong', () => {
    expect(amountIssue('$20', 'Price')).toBeUndefined();
    expect(amountIssue(' $ 1,000.50 ', 'Price')).toBeUndefined();
    expect(amountIssue('1,00', 'Price')).toBe('Price has a comma that does not group thousands: write 1000.50 or 1,000.50');
    expect(amountIssue('20 USD', 'Price')).toBe('Price may only hold digits and a decimal point (" " is not allowed)');
    expect(amountIssue('€20', 'Price')).toBe('Price may only hold digits and a decimal point ("€" is not allowed)');
    expect(amountIssue('-$5', 'Price')).toBe('Price cannot be negative');
    const parsed = transactionForm.safeParse({ seller_id: '1', transaction_amount: '$1,000.50', code: 'C' });
    expect(parsed.success && parsed.data.transaction_amount).toBe('1000.50');
    expect(priceError(offer({ min_price: 10, max_price: 2000 }), '$1,000.50')).toBeNull();
    expect(priceError(offer({}), '2,5')).toBe('Price has a comma that does not group thousands: write 1000.50 or 1,000.50');
    const bulk = bulkPaymentForm(200000).safeParse({ code: 'C', amount: '$1,500' });
    expect(bulk.success && bulk.data.amount).toBe('1500');
    const offerParsed = offerForm.safeParse({
      title: 'T',
      is_active: '1',
      price_type: '0',
      min_price: '$5',
      max_price: '1,000',
      fixed_price: [],
      rate_type: '0',
      rate: '10',
    });
    expect(offerParsed.success && [offerParsed.data.min_price, offerParsed.data.max_price]).toEqual(['5', '1000']);
    // A range from 0 let a seller add a $0.00 card (issue 55).
    const fromZero = offerForm.safeParse({
      title: 'T',
      is_active: '1',
      price_type: '0',
      min_price: '0.00',
      max_price: '50',
      fixed_price: [],
      rate_type: '0',
      rate: '10',
    });
    expect(messages(fromZero)).toEqual({ min_price: 'Min Price must be more than 0' });
  });

  it('bulk payment: the spec texts for an empty code, zero and more than the due', () => {
    const form = bulkPaymentForm(9000);
    expect(messages(form.safeParse({ code: ' ', amount: '0' }))).toEqual({ code: MSG.bulkNoCode, amount: MSG.bulkZero });
    expect(messages(form.safeParse({ code: 'C', amount: '90.01' }))).toEqual({ amount: MSG.bulkTooLarge });
    expect(messages(form.safeParse({ code: 'C', amount: '-5' }))).toEqual({ amount: 'Amount cannot be negative' });
    expect(form.safeParse({ code: 'C', amount: '90.00' }).success).toBe(true);
  });

  it('transaction form: every missing field at once', () => {
    expect(messages(transactionForm.safeParse({ seller_id: '', transaction_amount: '', code: '' }))).toEqual({
      seller_id: 'Seller is required',
      transaction_amount: 'Transaction Amount is required',
      code: 'Code is required',
    });
  });
});

describe('offer price rules', () => {
  const empty = { title: '', is_active: '1', price_type: '0', min_price: '', max_price: '', fixed_price: [], rate_type: '0', rate: '' };
  it('a range offer needs min and max, max at least min; all errors show together', () => {
    expect(messages(offerForm.safeParse(empty))).toEqual({
      title: 'Title is required',
      min_price: 'Min Price is required',
      max_price: 'Max Price is required',
      rate: 'Rate is required',
    });
    expect(messages(offerForm.safeParse({ ...empty, title: 'A', min_price: '50', max_price: '40', rate: '5' }))).toEqual({
      max_price: 'Max Price must be at least the Min Price',
    });
  });
  it('a fixed offer needs a price; a percentage may not pass 100', () => {
    expect(messages(offerForm.safeParse({ ...empty, title: 'A', price_type: '1', rate: '100.01' }))).toEqual({
      fixed_price: 'Add at least one price',
      rate: 'Rate may not be more than 100 percent',
    });
    expect(
      offerForm.safeParse({ ...empty, title: 'A', price_type: '1', fixed_price: ['25.00'], rate_type: '1', rate: '150' }).success,
    ).toBe(true);
  });
  it("a card's price must fit its offer", () => {
    expect(priceError(offer({}), '25')).toBeNull();
    expect(priceError(offer({}), '100.00')).toBeNull();
    expect(priceError(offer({}), '24.99')).toBe(MSG.priceNotInRange);
    expect(priceError(offer({}), '100.01')).toBe(MSG.priceNotInRange);
    expect(priceError(offer({}), 'x')).toBe('Enter a price');
    expect(priceError(offer({}), '10.999')).toBe('Enter a price with at most 2 decimals');
    expect(priceError(offer({}), '25.5.0')).toBe('Enter a price with at most 2 decimals');
    const fixed = offer({ price_type: 1, fixed_price: '[25,50]' });
    expect(priceError(fixed, '50.00')).toBeNull();
    expect(priceError(fixed, '30')).toBe('Pick one of the prices');
  });
  it("a price out of range keeps the spec's words and says the range", () => {
    expect(rangePriceHelp(offer({}), undefined)).toBe('Between $25.00 and $100.00');
    expect(rangePriceHelp(offer({}), MSG.priceNotInRange)).toBe('Price not in range: between $25.00 and $100.00');
    expect(rangePriceHelp(offer({}), 'Enter a price')).toBe('Enter a price');
    expect(rangePriceHelp(undefined, undefined)).toBe('Choose an offer first');
  });
  it("editing a card keeps its own price even when the offer's rules changed", () => {
    const o = offer({ min_price: 60 });
    const form = cardEditForm([o], { giftcard_offer_id: '1', price: '40.00' });
    const v = {
      giftcard_offer_id: '1',
      price: '40.00',
      card_number: '',
      description: '',
      card_status: '0',
      reject_reason: '',
      reject_note: '',
      override_duplicate: false,
      override_reason: '',
      images: [],
    };
    expect(form.safeParse(v).success).toBe(true);
    expect(messages(form.safeParse({ ...v, price: '41.00' }))).toEqual({ price: MSG.priceNotInRange });
    expect(messages(form.safeParse({ ...v, giftcard_offer_id: '' }))).toEqual({ giftcard_offer_id: 'Offer is required' });
    // Choosing Rejected asks for the reason; an override asks why.
    expect(messages(form.safeParse({ ...v, card_status: '2' }))).toEqual({ reject_reason: 'Reason is required' });
    expect(form.safeParse({ ...v, card_status: '2', reject_reason: 'duplicate' }).success).toBe(true);
    expect(messages(form.safeParse({ ...v, card_status: '1', override_duplicate: true }))).toEqual({
      override_reason: 'Reason is required',
    });
  });
  it('user form: password only on create, role unless an admin account', () => {
    const v = { name: '', email: 'x', password: '', role: '' };
    expect(messages(userForm({ creating: true }).safeParse(v))).toEqual({
      name: 'User Name is required',
      email: 'Enter a valid email address',
      password: 'Password is required',
      role: 'User Role is required',
    });
    expect(messages(userForm({ creating: false, adminAccount: true }).safeParse({ ...v, name: 'A', email: 'a@b.co' }))).toEqual({});
    expect(
      messages(userForm({ creating: false }).safeParse({ ...v, name: 'A', email: 'a@b.co', password: '123', role: 'seller' })),
    ).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('date ranges', () => {
  it('months, years and days in the local calendar', () => {
    expect(monthRange(2024, 2)).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(monthRange(2025, 12)).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(yearRange(2025)).toEqual({ start: '2025-01-01', end: '2025-12-31' });
    expect(isoDay(addDays(new Date(2025, 0, 31), 1))).toBe('2025-02-01');
  });
  it('the report form needs both dates, the end not before the start', () => {
    expect(messages(dateRangeForm.safeParse({ start_date: '', end_date: '' }))).toEqual({
      start_date: 'Start Date is required',
      end_date: 'End Date is required',
    });
    expect(messages(dateRangeForm.safeParse({ start_date: '2025-02-02', end_date: '2025-02-01' }))).toEqual({
      end_date: 'End Date must be on or after the Start Date',
    });
  });
});

describe('error mapping and formats', () => {
  it("a 422's field errors land on the form's fields; the toast is the server's errorMsg or the fallback", () => {
    const r = {
      status: 422,
      data: { message: 'x', errors: { 'gallery.0': ['bad image'], price: ['The price field is invalid.', 'more'] } },
    };
    expect(formErrorsOf(r, { fallback: 'server error', aliases: { gallery: 'images' } })).toEqual({
      fields: { images: 'bad image', price: 'The price field is invalid.' },
      toast: 'server error',
    });
    expect(formErrorsOf({ status: 422, data: { message: 'x', errorMsg: MSG.codeUsed } }, { fallback: 'f' })).toEqual({
      fields: {},
      toast: MSG.codeUsed,
    });
    expect(formErrorsOf({ status: 0, data: null }, { fallback: 'f' })).toEqual({ fields: {}, toast: 'f' });
  });
  it("a refusal that is only field errors on the form's fields has no 'server error' toast; anything else keeps it", () => {
    const opts = { fallback: MSG.serverError, formFields: ['title', 'rate'] };
    expect(refusalToast({ fields: { rate: 'too high' }, toast: MSG.serverError }, opts)).toBe('');
    // A field the form does not show, no field at all (a 500, no answer), or the server's own words: the toast stays.
    expect(refusalToast({ fields: { rate: 'too high', seller_id: 'gone' }, toast: MSG.serverError }, opts)).toBe(MSG.serverError);
    expect(refusalToast({ fields: {}, toast: MSG.serverError }, opts)).toBe(MSG.serverError);
    expect(refusalToast({ fields: { rate: 'too high' }, toast: 'The offer is in use' }, opts)).toBe('The offer is in use');
  });
  it('money in the locale, always 2 decimals and exact to the cent', () => {
    expect(formatMoney(40.5, 'en-US')).toBe('$40.50');
    expect(formatMoney('1234.5', 'en-US')).toBe('$1,234.50');
    expect(formatMoney(19.99, 'en-US')).toBe('$19.99');
    expect(formatMoney(-3, 'en-US')).toBe('-$3.00');
    expect(formatMoney(null, 'en-US')).toBe('$0.00');
    expect(formatMoney(1234.5, 'de-DE')).toMatch(/^1\.234,50\s\$$/);
  });
  it('dates in the locale; not a date is empty', () => {
    expect(formatDate('2025-03-14T12:00:00Z', 'en-US')).toBe('Mar 14, 2025');
    expect(formatDate('nope', 'en-US')).toBe('');
  });
});

describe('messages with money and payment failures', () => {
  it('formats the amount the server inserts, keeping the words', () => {
    expect(withShownAmounts('Amount cannot be bigger 117.5')).toBe('Amount cannot be bigger $117.50');
    expect(withShownAmounts('Amount cannot be bigger 55')).toBe('Amount cannot be bigger $55.00');
    expect(withShownAmounts('Price not in range')).toBe('Price not in range');
  });
  it("says 'The code already used.' only for a code conflict", () => {
    expect(payFailureText(MSG.codeUsed, 409, {})).toBe(MSG.codeUsed);
    expect(payFailureText(MSG.codeUsed, 422, { message: MSG.codeUsed, errorMsg: MSG.codeUsed })).toBe(MSG.codeUsed);
    expect(payFailureText(MSG.codeUsed, 422, { errors: { code: ['taken'] } })).toBe(MSG.codeUsed);
    expect(payFailureText(MSG.codeUsed, 422, { errors: { transaction_amount: ['bad'] } })).toBe('');
    expect(payFailureText(MSG.codeUsed, 503, { message: MSG.unavailable })).toBe(MSG.unavailable);
    expect(payFailureText(MSG.codeUsed, 0, null)).toBe('The server could not be reached. The payment was not recorded.');
    expect(payFailureText('Card paid', 422, { errorMsg: 'Card paid' })).toBe('Card paid');
  });
});

describe('counts', () => {
  it('picks the noun by the plural rule', () => {
    expect(countOf(1, 'offer', 'offers', 'en-US')).toBe('1 offer');
    expect(countOf(2, 'offer', 'offers', 'en-US')).toBe('2 offers');
    expect(countOf(0, 'card', 'cards', 'en-US')).toBe('0 cards');
    expect(countOf(1234, 'card', 'cards', 'en-US')).toBe('1,234 cards');
  });
});

describe('report chart labels', () => {
  it('a month of days shows every label; a full year of days is thinned to about a dozen, level', () => {
    expect(xTicks(31)).toEqual({ autoSkip: true });
    expect(xTicks(365)).toEqual({ autoSkip: true, maxTicksLimit: 12, maxRotation: 0 });
  });
});
