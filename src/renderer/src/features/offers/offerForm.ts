import { parseCents } from '../../../../shared/money';
import type { OfferBody } from '../../../../shared/schemas';
import type { Offer } from '../../../../shared/types';
import { amountError, amountText, type Errors } from '../../components/form';

export interface OfferValues {
  title: string;
  is_active: string;
  price_type: string;
  min_price: string;
  max_price: string;
  fixed: string[];
  rate_type: string;
  rate: string;
}
export type OfferField = 'title' | 'is_active' | 'price_type' | 'min_price' | 'max_price' | 'fixed_price' | 'rate_type' | 'rate';

export const EMPTY_OFFER: OfferValues = {
  title: '',
  is_active: '1',
  price_type: '0',
  min_price: '',
  max_price: '',
  fixed: [],
  rate_type: '0',
  rate: '',
};

export function offerToValues(o: Offer): OfferValues {
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
    fixed,
    rate_type: String(o.rate_type),
    rate: o.rate_type === 0 ? String(o.rate) : amountText(o.rate),
  };
}

/** Spec 5: title, status, price type, rate type and rate required; min and max for range offers. */
export function validateOffer(v: OfferValues): Errors<OfferField> {
  const e: Errors<OfferField> = {};
  if (!v.title.trim()) e.title = 'Title is required';
  if (v.is_active === '') e.is_active = 'Status is required';
  if (v.price_type === '') e.price_type = 'Price Type is required';
  if (v.rate_type === '') e.rate_type = 'Rate Type is required';
  if (v.price_type === '0') {
    e.min_price = amountError(v.min_price, 'Min Price');
    e.max_price = amountError(v.max_price, 'Max Price');
    const min = parseCents(v.min_price);
    const max = parseCents(v.max_price);
    if (!e.min_price && !e.max_price && min !== null && max !== null && min > max) e.max_price = 'Max Price must be at least the Min Price';
  } else if (v.price_type === '1' && v.fixed.length === 0) {
    e.fixed_price = 'Add at least one price';
  }
  e.rate = amountError(v.rate, 'Rate');
  if (!e.rate && v.rate_type === '0' && (parseCents(v.rate) ?? 0) > 10000) e.rate = 'Rate may not be more than 100 percent';
  return e;
}

export function offerBody(v: OfferValues): OfferBody {
  const range = v.price_type === '0';
  return {
    title: v.title.trim(),
    is_active: Number(v.is_active),
    price_type: Number(v.price_type),
    min_price: range ? v.min_price.trim() : undefined,
    max_price: range ? v.max_price.trim() : undefined,
    fixed_price: range ? undefined : JSON.stringify(v.fixed.map((p) => Number(p))),
    rate_type: Number(v.rate_type),
    rate: v.rate.trim(),
  };
}
