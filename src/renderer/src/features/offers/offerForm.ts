import type { OfferFormValues } from '../../../../shared/forms';
import type { OfferBody } from '../../../../shared/schemas';
import type { Offer } from '../../../../shared/types';
import { amountText } from '../../components/form';
import { CODE_PATTERN_MAX, CODE_PATTERN_SYNTAX, exampleCode } from '../../../../shared/code-pattern';

export const EMPTY_OFFER: OfferFormValues = {
  title: '',
  is_active: '1',
  price_type: '0',
  min_price: '',
  max_price: '',
  fixed_price: [],
  rate_type: '0',
  rate: '',
  review_minutes: '60',
  code_pattern: '',
  code_check: '',
  hold_days: '0',
};

export function offerToValues(o: Offer): OfferFormValues {
  let fixed: string[] = [];
  try {
    const list = JSON.parse(o.fixed_price ?? '[]') as unknown;
    if (Array.isArray(list)) fixed = list.map((p) => amountText(Number(p)));
  } catch {
    fixed = [];
  }
  return {
    title: o.title,
    is_active: String(o.is_active),
    price_type: String(o.price_type),
    min_price: amountText(o.min_price),
    max_price: amountText(o.max_price),
    fixed_price: fixed,
    rate_type: String(o.rate_type),
    rate: o.rate_type === 0 ? String(o.rate) : amountText(o.rate),
    review_minutes: String(o.review_minutes ?? 60),
    code_pattern: o.code_pattern ?? '',
    code_check: o.code_check ?? '',
    hold_days: String(o.hold_days ?? 0),
  };
}

export function offerBody(v: OfferFormValues): OfferBody {
  const range = v.price_type === '0';
  return {
    title: v.title.trim(),
    is_active: Number(v.is_active),
    price_type: Number(v.price_type),
    min_price: range ? v.min_price.trim() : undefined,
    max_price: range ? v.max_price.trim() : undefined,
    fixed_price: range ? undefined : JSON.stringify(v.fixed_price.map((p) => Number(p))),
    rate_type: Number(v.rate_type),
    rate: v.rate.trim(),
    review_minutes: Number(v.review_minutes ?? 60),
    code_pattern: v.code_pattern?.trim() ? v.code_pattern.trim().toUpperCase() : null,
    code_check: v.code_check === 'luhn' ? 'luhn' : null,
    hold_days: Number(v.hold_days ?? 0),
  };
}

/** The Code Pattern field's helper: an example of the pattern typed, else what a pattern is made of. */
export function codePatternHelp(pattern: string | undefined, check: string | undefined): string {
  const p = (pattern ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
  if (p && p.length <= CODE_PATTERN_MAX && CODE_PATTERN_SYNTAX.test(p))
    return `A code looks like ${exampleCode(p, check === 'luhn' && /^[9 -]+$/.test(p) ? 'luhn' : null)}`;
  return '9 a digit, A a letter, X either, in groups: XXXX-XXXXXX-XXXX (Amazon), XXXXX-XXXXX-XXXXX (Steam), 9999 9999 9999 9999. Empty: any code of 10-24 letters and digits';
}
