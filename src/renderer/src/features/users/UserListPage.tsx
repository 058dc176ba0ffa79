/** Placeholder: the real screen replaces this file. */
export default function UserListPage() {
  return <p>UserListPage</p>;
}
