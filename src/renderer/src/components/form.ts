/** Money as a form field's text (40.5 -> "40.50"). */
export const amountText = (v: number | null | undefined): string =>
  v === null || v === undefined ? '' : (Math.round(v * 100) / 100).toFixed(2);
