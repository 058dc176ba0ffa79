/** Money fields whose JSON numbers are judged by their source text, not by the float JavaScript reads. */
const MONEY_KEYS = ['transaction_amount', 'paid_amount', 'price', 'rate', 'min_price', 'max_price'];
const LITERAL = new RegExp(`"(${MONEY_KEYS.join('|')})"\\s*:\\s*(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)(?=\\s*[,}])`, 'g');

/**
 * `{"transaction_amount": 59.909999999999999999}` parses to 59.91, which would pass as 2 decimals. A money number
 * written with more than 2 decimals or an exponent is kept as its source text instead, so the money rule refuses it.
 */
export function parseJsonKeepingMoneyText(text: string): unknown {
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return parsed;
  const body = parsed as Record<string, unknown>;
  for (const [, key, literal] of text.matchAll(LITERAL)) {
    if (typeof body[key] === 'number' && !/^-?\d+(\.\d{1,2})?$/.test(literal)) body[key] = literal;
  }
  return body;
}
