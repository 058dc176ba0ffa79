/** Placeholder: the real screen replaces this file. */
export default function OfferFormPage() {
  return <p>OfferFormPage</p>;
}
