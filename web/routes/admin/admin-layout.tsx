import { Outlet } from 'react-router';
export default function AdminAdminLayout() {
  return <Outlet />;
}
