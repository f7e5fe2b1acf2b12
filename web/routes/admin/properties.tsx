export default function AdminProperties() {
  return <h1>Properties</h1>;
}
