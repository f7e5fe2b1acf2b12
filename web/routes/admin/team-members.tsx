export default function AdminTeamMembers() {
  return <h1>TeamMembers</h1>;
}
