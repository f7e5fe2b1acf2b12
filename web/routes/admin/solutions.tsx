export default function AdminSolutions() {
  return <h1>Solutions</h1>;
}
