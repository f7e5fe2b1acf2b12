/**
 * The contact form's rules that need no zod (public spec, sections 5 and 8), so the public
 * contact page can use them without shipping zod, whose eval probe also trips the page CSP.
 */

/** "no spaces, one @, a dot in the domain" */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Could be a phone number: digits with only spaces, +, -, dots and brackets, at least 7 of them. The server's check (shared/phone.ts) goes further. */
export function looksLikePhoneNumber(value: string): boolean {
  const text = value.trim();
  return /^\+?[\d\s().-]+$/.test(text) && text.replace(/\D/g, '').length >= 7;
}

export type ContactField = 'name' | 'email' | 'number' | 'message';

/** Which form field a server error string belongs to (public spec, section 8). */
export function contactFieldForError(error: string): ContactField | null {
  if (error.includes('Name')) return 'name';
  if (error.includes('Email')) return 'email';
  if (error.includes('Contact number')) return 'number';
  if (error.includes('Message')) return 'message';
  return null;
}

/** What a server error string says is wrong with its field (the words of shared/contact.ts `contactServerMessages`). */
export type ContactFault = 'required' | 'invalid' | 'tooLong';

export function contactFaultForError(error: string): ContactFault {
  if (error.endsWith(' is required')) return 'required';
  if (error.includes(' must be at most ')) return 'tooLong';
  return 'invalid';
}
