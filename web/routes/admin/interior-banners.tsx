export default function AdminInteriorBanners() {
  return <h1>InteriorBanners</h1>;
}
