/** Placeholder: the real screen replaces this file. */
export default function TransactionListPage() {
  return <p>TransactionListPage</p>;
}
