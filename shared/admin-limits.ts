/** The limits the admin's forms check before sending. They are the server's: its loader puts them into the admin layout's data. */
export interface AdminLimits {
  /** MAX_IMAGE_MB in bytes: the largest image upload the server takes */
  maxImageBytes: number;
  /** the shortest password the server takes */
  passwordMinLength: number;
  /** SITE_TIMEZONE: the zone the admin shows times in, whatever the browser's own */
  timeZone: string;
}

/** MAX_IMAGE_MB when the setting is unset. */
export const DEFAULT_MAX_IMAGE_MB = 5;

/** The shortest admin password (a constant of the server, not a setting). */
export const PASSWORD_MIN_LENGTH = 12;

/** The image limit in MB, as the messages name it ("less than 5MB"). */
export const maxImageMb = (limits: Pick<AdminLimits, 'maxImageBytes'>) => limits.maxImageBytes / 1024 / 1024;
