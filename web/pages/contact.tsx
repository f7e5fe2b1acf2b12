/** Contact: the 'Send Us a Message' form (client checks, server errors mapped to fields, toasts) and the contact details with a map. */
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { PublicCopy } from '../../shared/copy/public-copy';
import { fieldErrorText, refusalNotice } from '../../shared/enquiry-messages';
import { isLanguage, type Language } from '../../shared/languages';
import { addressLine, mapHref, openingHoursText, telHref } from '../../shared/site-settings';
import { fieldLang } from '../../shared/translations';
import type { ContactInput, ContactReply } from '../../shared/contact';
import { EMAIL_PATTERN, contactFieldForError, looksLikePhoneNumber } from '../../shared/contact-rules';
import { postedSource } from '../../shared/enquiry-source-rules';
import { FormNotice, LabelledField, fieldInputClass, invalidProps } from '../components/public/form-fields';
import { MapIllustration } from '../components/public/map-illustration';
import { ToastArea, toast } from '../components/public/toast-area';
import { AddressLink, ReachButtons } from '../components/public/reach-buttons';
import { useLanguage, usePublicCopy, useSearchParams, useSiteSettings } from '../components/public/page-context';
import { SectionHeading } from '../components/public/section-heading';
import { SourceFields, currentVisit } from '../components/public/visit-source';
import { definePublicPage, type PagePropsOf } from '../lib/public-page-definition';

type Field = keyof ContactInput;
type ContactErrors = Partial<Record<Field, string>>;
type Errors = ContactErrors;
const EMPTY: ContactInput = { name: '', email: '', number: '', message: '' };
const CONTACT_FIELDS: Field[] = ['name', 'email', 'number', 'message'];
/** Where a message sent without JavaScript lands (a reload then does not send it twice). */
const SENT_PARAM = 'sent';

/** The spec's section 5 (trimmed blank checks and the e-mail pattern), and ours: a number that cannot be one; in the page's words. */
function validateContact(values: ContactInput, messages: PublicCopy['contact']['errors']): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = messages.nameRequired;
  if (!values.email.trim()) errors.email = messages.emailRequired;
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = messages.emailInvalid;
  if (!values.number.trim()) errors.number = messages.numberRequired;
  else if (!looksLikePhoneNumber(values.number)) errors.number = messages.numberInvalid;
  if (!values.message.trim()) errors.message = messages.messageRequired;
  return errors;
}

/** The server's error strings as field errors in the page's words; any that belong to no field are returned apart. */
function fieldErrorsOf(messages: string[], copy: PublicCopy, language: Language): { fieldErrors: Errors; others: string[] } {
  const fieldErrors: Errors = {};
  const others: string[] = [];
  for (const message of messages) {
    const field = contactFieldForError(message);
    if (field) fieldErrors[field] ??= fieldErrorText(message, field, copy, language);
    else others.push(message);
  }
  return { fieldErrors, others };
}

/** A form sent without JavaScript and refused: what was sent, the field errors and the notice. */
interface PostedContact {
  values: ContactInput;
  errors: ContactErrors;
  notice: string;
}

const PATH = '/contact';

export const page = definePublicPage<{ posted: PostedContact | null }>({
  path: PATH,
  order: 80,
  label: ['nav', 'contact'],
  menus: ['header', 'footer'],
  sitemap: { resources: [] },
  meta: ({ site, copy, language }) => ({
    title: copy.contact.title,
    description: site ? copy.contact.metaDescription(site.companyName, openingHoursText(site, language, copy.options.weekday)) : undefined,
  }),
  /** The form sent without JavaScript (a plain POST): the same checks, then the same service as /api/user. */
  async action({ request, services, data, redirect, copy, language }) {
    const form = await request.formData();
    const values = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, String(form.get(field) ?? '')])) as ContactInput;
    const errors = validateContact(values, copy.contact.errors);
    if (Object.keys(errors).length > 0) return data({ values, errors, notice: copy.contact.toasts.correct }, { status: 400 });
    const source = postedSource((name) => form.get(name), new URL(request.url), request.headers.get('referer'));
    // the language of the page the form was on (its hidden field; the page's own when absent)
    const sentFrom = form.get('language');
    const enquiryLanguage = isLanguage(sentFrom) ? sentFrom : language;
    const { status, reply } = await services.contact.submit({ ...values, ...source, language: enquiryLanguage });
    if (reply.success) return redirect(`${PATH}?${SENT_PARAM}=1`, 303);
    const { fieldErrors, others } = fieldErrorsOf(reply.errors, copy, language);
    const notice = refusalNotice(others[0] ?? reply.message, Object.keys(fieldErrors).length > 0, copy, language);
    return data({ values, errors: fieldErrors, notice }, { status });
  },
});

export default function ContactPage({ posted }: PagePropsOf<typeof page>) {
  const copy = usePublicCopy();
  const { contact } = copy;
  const language = useLanguage();
  const site = useSiteSettings();
  const address = addressLine(site);
  const mapLink = mapHref(site);
  const hours = openingHoursText(site, language, copy.options.weekday);
  const sentWithoutScript = useSearchParams()[0].get(SENT_PARAM) === '1';
  const [values, setValues] = useState<ContactInput>(posted?.values ?? EMPTY);
  const [errors, setErrors] = useState<Errors>(posted?.errors ?? {});
  // what the toasts would have said, for a form sent before the page's scripts ran; gone on the next edit
  const [notice, setNotice] = useState(
    sentWithoutScript ? { text: contact.toasts.success, ok: true } : posted ? { text: posted.notice, ok: false } : null,
  );
  const [submitting, setSubmitting] = useState(false);

  const edit = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setNotice(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values, contact.errors);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(contact.toasts.correct);
      document.getElementById(`contact-${CONTACT_FIELDS.find((f) => found[f])}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const response = await fetch('/api/user', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...values, ...currentVisit(), language }),
      });
      const reply = (await response.json().catch(() => null)) as Partial<ContactReply> | null;
      if (response.ok && reply?.success) {
        toast.success(contact.toasts.success);
        setValues(EMPTY);
        setErrors({});
      } else if (reply?.errors && reply.errors.length > 0) {
        const { fieldErrors, others } = fieldErrorsOf(reply.errors, copy, language);
        others.forEach((message) => toast.error(refusalNotice(message, false, copy, language)));
        setErrors(fieldErrors);
      } else {
        toast.error(refusalNotice(reply?.message, false, copy, language));
      }
    } catch {
      toast.error(contact.toasts.network);
    } finally {
      setSubmitting(false);
    }
  };

  const fieldProps = (field: Field) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => edit(field, event.target.value),
    className: fieldInputClass(Boolean(errors[field])),
    ...invalidProps(`contact-${field}`, errors[field]),
  });
  const labelled = (field: Field, control: ReactNode) => (
    <LabelledField id={`contact-${field}`} label={contact.labels[field]} error={errors[field]} testId={`error-${field}`}>
      {control}
    </LabelledField>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <SectionHeading level={1} title={contact.title} subtitle={contact.intro} />
      <div className="grid gap-10 lg:grid-cols-5">
        <section aria-labelledby="form-title" className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-gray-100 sm:p-8 lg:col-span-3">
          <h2 id="form-title" className="text-2xl font-bold text-gray-900">
            {contact.formTitle}
          </h2>
          <FormNotice notice={notice} testId="contact-notice" />
          <form method="post" noValidate onSubmit={submit} className="mt-6 space-y-5">
            <SourceFields />
            <input type="hidden" name="language" value={language} />
            <div className="grid gap-5 sm:grid-cols-2">
              {labelled('name', <input type="text" autoComplete="name" {...fieldProps('name')} />)}
              {labelled('email', <input type="email" autoComplete="email" {...fieldProps('email')} />)}
            </div>
            {labelled('number', <input type="tel" autoComplete="tel" {...fieldProps('number')} />)}
            {labelled('message', <textarea rows={6} {...fieldProps('message')} />)}
            <button
              type="submit"
              disabled={submitting}
              className="inline-flex min-h-12 w-full items-center justify-center rounded-full bg-brand-dark px-8 py-3 font-semibold text-white hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
            >
              {submitting ? contact.sending : contact.submit}
            </button>
          </form>
        </section>
        <aside aria-labelledby="info-title" className="space-y-6 lg:col-span-2">
          <div className="rounded-2xl bg-gray-900 p-6 text-gray-100 sm:p-8">
            <h2 id="info-title" className="text-2xl font-bold text-white">
              {contact.infoTitle}
            </h2>
            <ul className="mt-6 space-y-4">
              {address && (
                <InfoItem icon={MapPin} label={contact.addressLabel}>
                  <AddressLink address={address} linkClassName="underline-offset-4 hover:underline" />
                </InfoItem>
              )}
              {site.phone && (
                <InfoItem icon={Phone} label={contact.phoneLabel}>
                  <a href={telHref(site.phone)} className="underline-offset-4 hover:underline">
                    {site.phone}
                  </a>
                </InfoItem>
              )}
              {site.email && (
                <InfoItem icon={Mail} label={contact.emailLabel}>
                  <a href={`mailto:${site.email}`} className="underline-offset-4 hover:underline">
                    {site.email}
                  </a>
                </InfoItem>
              )}
              {hours.length > 0 && (
                <InfoItem icon={Clock} label={contact.hoursLabel}>
                  {hours.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </InfoItem>
              )}
            </ul>
            <ReachButtons subject={contact.title} className="mt-6" />
          </div>
          {mapLink ? (
            <MapIllustration
              place={site.address.locality || site.companyName}
              placeLang={site.address.locality ? fieldLang(site, 'address.locality') : undefined}
              address={address}
              mapLink={mapLink}
            />
          ) : null}
        </aside>
      </div>
      <ToastArea />
    </div>
  );
}

function InfoItem({ icon: Icon, label, children }: { icon: typeof MapPin; label: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-3">
      <Icon className="mt-1 h-5 w-5 shrink-0 text-orange-400" aria-hidden="true" />
      <div>
        <p className="text-sm font-semibold text-white">{label}</p>
        <div>{children}</div>
      </div>
    </li>
  );
}
