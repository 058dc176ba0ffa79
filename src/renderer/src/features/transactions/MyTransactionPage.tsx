/** Placeholder: the real screen replaces this file. */
export default function MyTransactionPage() {
  return <p>MyTransactionPage</p>;
}
