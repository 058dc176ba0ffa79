import { parseCents } from '../../../shared/money';
import type { SellerStatement } from '../../../shared/types';
import { money, type CsvColumn } from '../exports/csv';

/** One line of the statement's CSV: the opening line, each event, the closing line. */
interface Line {
  at: string;
  event: string;
  amount: number | null;
  due: number;
  gift_card_id: number | null;
  transaction_id: number | null;
  code: string | null;
  cards: number | null;
}
const cents = (v: number) => (v < 0 ? -1 : 1) * (parseCents(Math.abs(v).toFixed(2)) ?? 0);
const moneyOrEmpty = (v: number | null) => (v === null ? null : money(cents(v)));

const columns: CsvColumn<Line>[] = [
  { header: 'date', value: (l) => l.at },
  { header: 'event', value: (l) => l.event },
  { header: 'amount', value: (l) => moneyOrEmpty(l.amount) },
  { header: 'due', value: (l) => money(cents(l.due)) },
  { header: 'gift_card_id', value: (l) => l.gift_card_id },
  { header: 'transaction_id', value: (l) => l.transaction_id },
  { header: 'code', value: (l) => l.code },
  { header: 'cards', value: (l) => l.cards },
];

export function statementCsv(st: SellerStatement): { columns: CsvColumn<Line>[]; lines: Line[]; fileName: string } {
  const edge = (at: string, event: string, due: number): Line => ({
    at,
    event,
    amount: null,
    due,
    gift_card_id: null,
    transaction_id: null,
    code: null,
    cards: null,
  });
  const lines: Line[] = [
    edge(st.start_date, 'opening_due', st.opening_due),
    ...st.events.map((e) => ({
      at: e.at,
      event: e.kind,
      amount: e.amount,
      due: e.due,
      gift_card_id: e.gift_card_id,
      transaction_id: e.transaction_id,
      code: e.code,
      cards: e.cards,
    })),
    edge(st.end_date, 'closing_due', st.closing_due),
  ];
  return { columns, lines, fileName: `statement-seller-${st.seller.id}-${st.start_date}-${st.end_date}.csv` };
}
