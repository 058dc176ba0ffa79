/** Placeholder: the real screen replaces this file. */
export default function OfferListPage() {
  return <p>OfferListPage</p>;
}
