export default function AdminHomeBanners() {
  return <h1>HomeBanners</h1>;
}
