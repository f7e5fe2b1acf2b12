/** The server's limits for the admin's forms, read from its settings when the admin layout's loader runs. */
import type { AppLoadContext } from 'react-router';
import type { AdminLimits } from '../../../shared/admin-limits';
import { PASSWORD_MIN } from '../../../server/auth/passwords';

export function adminLimits(context: AppLoadContext): AdminLimits {
  const { env } = context.services;
  return { maxImageBytes: env.maxImageBytes, passwordMinLength: PASSWORD_MIN, timeZone: env.siteTimeZone };
}
