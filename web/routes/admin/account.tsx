export default function AdminAccount() {
  return <h1>Account</h1>;
}
