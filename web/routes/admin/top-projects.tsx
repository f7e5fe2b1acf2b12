export default function AdminTopProjects() {
  return <h1>TopProjects</h1>;
}
