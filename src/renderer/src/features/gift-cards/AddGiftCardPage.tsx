/** Placeholder: the real screen replaces this file. */
export default function AddGiftCardPage() {
  return <p>AddGiftCardPage</p>;
}
