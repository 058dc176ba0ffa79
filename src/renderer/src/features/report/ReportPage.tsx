/** Placeholder: the real screen replaces this file. */
export default function ReportPage() {
  return <p>ReportPage</p>;
}
