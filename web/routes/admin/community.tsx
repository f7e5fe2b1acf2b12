export default function AdminCommunity() {
  return <h1>Community</h1>;
}
