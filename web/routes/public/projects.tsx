export default function ProjectsPage() {
  return <h1>Projects</h1>;
}
