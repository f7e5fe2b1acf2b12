export default function AdminGallery() {
  return <h1>Gallery</h1>;
}
