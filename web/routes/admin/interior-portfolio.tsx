export default function AdminInteriorPortfolio() {
  return <h1>InteriorPortfolio</h1>;
}
