/** Placeholder: the real screen replaces this file. */
export default function DevTestPage() {
  return <p>DevTestPage</p>;
}
