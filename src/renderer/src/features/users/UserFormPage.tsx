/** Placeholder: the real screen replaces this file. */
export default function UserFormPage() {
  return <p>UserFormPage</p>;
}
