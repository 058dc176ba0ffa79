/** Placeholder: the real screen replaces this file. */
export default function GiftCardDetailPage() {
  return <p>GiftCardDetailPage</p>;
}
