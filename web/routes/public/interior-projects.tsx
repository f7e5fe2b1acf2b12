export default function InteriorProjectsPage() {
  return <h1>InteriorProjects</h1>;
}
