/** Placeholder: the real screen replaces this file. */
export default function DashboardPage() {
  return <p>DashboardPage</p>;
}
