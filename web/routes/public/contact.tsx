/** Contact (/contact): the form's no-JavaScript POST and the page's meta; the page itself is web/pages/contact.tsx. */
import { data, redirect, useActionData } from 'react-router';
import { contact } from '../../../shared/copy/public';
import type { ContactInput } from '../../../shared/contact';
import { openingHoursText } from '../../../shared/site-settings';
import { PublicPage } from '../../lib/public-page';
import { pageMeta } from '../../lib/page-meta';
import { layoutDataOf } from '../../lib/site-settings';
import ContactPage, { CONTACT_FIELDS, SENT_PARAM, fieldErrorsOf, validateContact } from '../../pages/contact';
import type { Route } from './+types/contact';

export function meta({ matches }: Route.MetaArgs) {
  const site = layoutDataOf(matches)?.site;
  return pageMeta({
    title: contact.title,
    description: site ? contact.metaDescription(site.companyName, openingHoursText(site)) : undefined,
    path: '/contact',
    crumbs: [{ name: contact.title, path: '/contact' }],
    matches,
  });
}

/** The form sent without JavaScript (a plain POST): the same checks, then the same service as /api/user. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, String(form.get(field) ?? '')])) as ContactInput;
  const errors = validateContact(values);
  if (Object.keys(errors).length > 0) return data({ values, errors, notice: contact.toasts.correct }, { status: 400 });
  const { status, reply } = await context.services.contact.submit(values);
  if (reply.success) return redirect(`/contact?${SENT_PARAM}=1`, 303);
  const { fieldErrors, others } = fieldErrorsOf(reply.errors);
  return data({ values, errors: fieldErrors, notice: others[0] ?? reply.message ?? contact.toasts.failed }, { status });
}

export default function ContactRoute() {
  const posted = useActionData<typeof action>();
  return <PublicPage name="contact" Component={ContactPage} props={{ posted: posted ?? null }} />;
}
