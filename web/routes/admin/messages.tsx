export default function AdminMessages() {
  return <h1>Messages</h1>;
}
