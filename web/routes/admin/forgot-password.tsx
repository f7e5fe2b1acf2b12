export default function AdminForgotPassword() {
  return <h1>ForgotPassword</h1>;
}
