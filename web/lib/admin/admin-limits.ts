/** The server's limits (MAX_IMAGE_MB, the shortest password) for the admin's form checks and messages: the admin layout provides them. */
import { createContext, useContext } from 'react';
import type { AdminLimits } from '../../../shared/admin-limits';

export const AdminLimitsContext = createContext<AdminLimits | null>(null);

export function useAdminLimits(): AdminLimits {
  const limits = useContext(AdminLimitsContext);
  if (!limits) throw new Error('useAdminLimits: only inside the admin layout, which provides the server’s limits');
  return limits;
}
