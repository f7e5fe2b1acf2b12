// engine-independent: shared code; no database
/** The forms' refusals in the page's language: the server's English words mapped by field and fault to the copy's. */
import { describe, expect, it } from 'vitest';
import { contactServerMessages as server } from './contact';
import { contactFaultForError } from './contact-rules';
import { type PublicCopy } from './copy/public-copy';
import { englishCopy } from './copy/public-en';
import { fieldErrorText, refusalNotice } from './enquiry-messages';

/** A bundle whose words are marked, so a test sees which of them a message came from. */
const marked = JSON.parse(JSON.stringify(englishCopy), (_key, value: unknown) =>
  typeof value === 'string' ? `kn:${value}` : value,
) as PublicCopy;

describe('contactFaultForError', () => {
  it('tells every server message of a field by its fault', () => {
    for (const message of [server.nameRequired, server.emailRequired, server.numberRequired, server.messageRequired])
      expect(contactFaultForError(message), message).toBe('required');
    for (const message of [server.nameTooLong, server.emailTooLong, server.numberTooLong, server.messageTooLong])
      expect(contactFaultForError(message), message).toBe('tooLong');
    expect(contactFaultForError(server.emailInvalid)).toBe('invalid');
    expect(contactFaultForError(server.numberInvalid)).toBe('invalid');
  });
});

describe('fieldErrorText', () => {
  it('keeps the server’s words on an English page (the spec’s section 8)', () => {
    expect(fieldErrorText(server.nameRequired, 'name', englishCopy, 'en')).toBe(server.nameRequired);
    expect(fieldErrorText(server.numberInvalid, 'number', englishCopy, 'en')).toBe(server.numberInvalid);
  });

  it('gives the copy’s message for the same field and fault on a page in another language', () => {
    const { errors, toasts } = marked.contact;
    expect(fieldErrorText(server.nameRequired, 'name', marked, 'kn')).toBe(errors.nameRequired);
    expect(fieldErrorText(server.emailRequired, 'email', marked, 'kn')).toBe(errors.emailRequired);
    expect(fieldErrorText(server.emailInvalid, 'email', marked, 'kn')).toBe(errors.emailInvalid);
    expect(fieldErrorText(server.numberRequired, 'number', marked, 'kn')).toBe(errors.numberRequired);
    expect(fieldErrorText(server.numberInvalid, 'number', marked, 'kn')).toBe(errors.numberInvalid);
    expect(fieldErrorText(server.messageRequired, 'message', marked, 'kn')).toBe(errors.messageRequired);
    // no per-field "too long" in the copy: the form's "correct the errors", still in the page's language
    expect(fieldErrorText(server.messageTooLong, 'message', marked, 'kn')).toBe(toasts.correct);
  });
});

describe('refusalNotice', () => {
  it('is the server’s message on an English page, "failed" when it gave none', () => {
    expect(refusalNotice(server.validationFailed, true, englishCopy, 'en')).toBe(server.validationFailed);
    expect(refusalNotice(server.tooMany, false, englishCopy, 'en')).toBe(server.tooMany);
    expect(refusalNotice(undefined, false, englishCopy, 'en')).toBe(englishCopy.contact.toasts.failed);
  });

  it('is "correct the errors" or "failed" in the page’s language, never the server’s English', () => {
    expect(refusalNotice(server.validationFailed, true, marked, 'kn')).toBe(marked.contact.toasts.correct);
    expect(refusalNotice(server.tooMany, false, marked, 'kn')).toBe(marked.contact.toasts.failed);
  });
});
