export default function AdminAboutBanners() {
  return <h1>AboutBanners</h1>;
}
