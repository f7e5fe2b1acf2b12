export default function AdminAboutEditor() {
  return <h1>AboutEditor</h1>;
}
