export default function AdminProjects() {
  return <h1>Projects</h1>;
}
