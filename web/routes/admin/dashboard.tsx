export default function AdminDashboard() {
  return <h1>Dashboard</h1>;
}
