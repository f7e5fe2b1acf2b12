export default function ClientStoriesPage() {
  return <h1>ClientStories</h1>;
}
