import { formatMoney } from './format';

/** An amount as "$40.50". */
export function Money({ value }: { value: number | string | null | undefined }) {
  return <>{formatMoney(value)}</>;
}
