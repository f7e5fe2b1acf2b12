/**
 * The forms' messages in the page's language (docs/decisions/0049). The server answers in English (the spec's section 8,
 * and the API's clients read it); an English page shows those words, a page in another language its copy's message for
 * the same field and fault. No zod here: the public pages use it.
 */
import { contactFaultForError, type ContactField } from './contact-rules';
import type { PublicCopy } from './copy/public-copy';
import { DEFAULT_LANGUAGE, type Language } from './languages';

/** A server error string that belongs to `field`, as the page says it. */
export function fieldErrorText(error: string, field: ContactField, copy: PublicCopy, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return error;
  const { errors, toasts } = copy.contact;
  const required = {
    name: errors.nameRequired,
    email: errors.emailRequired,
    number: errors.numberRequired,
    message: errors.messageRequired,
  };
  switch (contactFaultForError(error)) {
    case 'required':
      return required[field];
    case 'invalid':
      return field === 'email' ? errors.emailInvalid : field === 'number' ? errors.numberInvalid : toasts.correct;
    case 'tooLong':
      // the copy has no "too long" message per field: the form's own "correct the errors", under the field
      return toasts.correct;
  }
}

/**
 * The notice above a refused form: the server's message on an English page; in another language "correct the errors"
 * when fields were refused, else "failed to send" (a refusal the copy has no words for: too many messages, an unknown project).
 */
export function refusalNotice(message: string | undefined, fieldsRefused: boolean, copy: PublicCopy, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return message || copy.contact.toasts.failed;
  return fieldsRefused ? copy.contact.toasts.correct : copy.contact.toasts.failed;
}
