export default function AdminExperienceCentres() {
  return <h1>ExperienceCentres</h1>;
}
