export default function InteriorPage() {
  return <h1>Interior</h1>;
}
