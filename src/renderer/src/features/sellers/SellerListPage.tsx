/** Placeholder: the real screen replaces this file. */
export default function SellerListPage() {
  return <p>SellerListPage</p>;
}
