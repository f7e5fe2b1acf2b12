/**
 * Phone numbers: normalised to E.164 (India, +91, when no country code is given) and shown in the
 * international format. Server and admin only: libphonenumber-js would break the public pages' JavaScript budget.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { looksLikePhoneNumber } from './contact-rules';

/** Without a country code a number is read as Indian. */
const DEFAULT_PHONE_COUNTRY = 'IN';

/** The number in E.164 ("+919900054321"), or null when it cannot be a phone number. */
export function toE164(value: string): string | null {
  // "abc" or "call me 98450 12345" is refused before parsing, which would pick digits out of any text
  if (!looksLikePhoneNumber(value)) return null;
  const parsed = parsePhoneNumberFromString(value.trim(), DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}

/** A number as people read it ("+91 99000 54321"); one that cannot be read as a number stays as written. */
export function formatPhone(value: string): string {
  const e164 = toE164(value);
  return e164 ? (parsePhoneNumberFromString(e164)?.formatInternational() ?? value) : value;
}
