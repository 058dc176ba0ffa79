/** Placeholder: the real screen replaces this file. */
export default function TransactionFormPage() {
  return <p>TransactionFormPage</p>;
}
