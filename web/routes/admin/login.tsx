export default function AdminLogin() {
  return <h1>Login</h1>;
}
