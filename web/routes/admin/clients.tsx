export default function AdminClients() {
  return <h1>Clients</h1>;
}
