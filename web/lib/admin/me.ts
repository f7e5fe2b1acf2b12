/** The signed-in account as /api/admins/me describes it, shared by the admin screens. */
import { createContext, useContext } from 'react';
import type { AdminRole } from '../../../shared/roles';

export interface AdminMe {
  email: string;
  role: AdminRole;
  twoFactor: boolean;
  recoveryCodesLeft: number;
  /** REQUIRE_2FA: two-factor sign-in cannot be turned off. */
  twoFactorRequired: boolean;
}

export const AdminMeContext = createContext<AdminMe>({
  email: '',
  role: 'editor',
  twoFactor: false,
  recoveryCodesLeft: 0,
  twoFactorRequired: false,
});

export const useAdminMe = () => useContext(AdminMeContext);
