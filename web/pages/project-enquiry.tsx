/**
 * Ask about this project (issue 26): the short form a project's call to action opens. A real form posted as a page, with
 * or without JavaScript (the server checks it with the contact form's rules and answers with the errors or the confirmation);
 * the enquiry lands in the inbox with its project. One page per project: `?project=<id>` (an unknown one goes to the projects).
 */
import { MapPin } from 'lucide-react';
import { contactFieldForError } from '../../shared/contact-rules';
import { projectEnquiry as copy } from '../../shared/copy/project-enquiry';
import { postedSource } from '../../shared/enquiry-source-rules';
import { splitLanguage } from '../../shared/languages';
import { PROJECT_ENQUIRY_PATH, projectEnquiryHref } from '../../shared/project-enquiry-path';
import { CONTACT_BY, PREFERRED_TIMES, isProjectId } from '../../shared/project-enquiry-rules';
import { buttonClass } from '../components/public/button-link';
import { FieldErrorText, FormNotice, LabelledField, fieldInputClass, invalidProps } from '../components/public/form-fields';
import { useSearchParams } from '../components/public/page-context';
import { SectionHeading } from '../components/public/section-heading';
import { ErrorState } from '../components/public/section-state';
import { SourceFields } from '../components/public/visit-source';
import { definePublicPage, type PagePropsOf } from '../lib/public-page-definition';
import type { Section } from '../lib/section';

type Field = 'name' | 'number' | 'contactBy' | 'preferredTime' | 'message';
const FIELDS: Field[] = ['name', 'number', 'contactBy', 'preferredTime', 'message'];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** The project the form names: what the page shows of it. */
interface NamedProject {
  _id: string;
  title: string;
  location: string;
  category: string;
  status: string;
}

/** A form refused: what was sent, the errors under their fields and the notice above. */
interface PostedEnquiry {
  values: Values;
  errors: Errors;
  notice: string;
}

const SENT_PARAM = 'sent';
/** Where a visitor without a project to ask about is sent (the Projects page's path; importing its definition would load its code). */
const PROJECTS_PATH = '/project/exterior';
const EMPTY: Values = { name: '', number: '', contactBy: CONTACT_BY[0], preferredTime: PREFERRED_TIMES[0], message: '' };

/** The server's error strings under their fields: the contact form's words, and the project form's own choices. */
function errorsOf(messages: string[]): { errors: Errors; others: string[] } {
  const errors: Errors = {};
  const others: string[] = [];
  for (const message of messages) {
    const field =
      message === copy.errors.contactByRequired ? 'contactBy' : message === copy.errors.preferredTimeRequired ? 'preferredTime' : null;
    const contactField = contactFieldForError(message);
    const target: Field | null = field ?? (contactField === 'email' ? null : contactField);
    if (target) errors[target] ??= message;
    else others.push(message);
  }
  return { errors, others };
}

export const page = definePublicPage<{ project: Section<NamedProject>; posted: PostedEnquiry | null }>({
  path: PROJECT_ENQUIRY_PATH,
  order: 90,
  label: copy.label,
  // reached from a project's call to action only: not in the menus or the sitemap
  unlisted: true,
  sitemap: { resources: ['project'] },
  async load({ url, load, redirect }) {
    const id = url.searchParams.get('project') ?? '';
    if (!isProjectId(id)) return redirect(PROJECTS_PATH);
    const projects = await load('project');
    if (!projects.ok) return { project: projects, posted: null };
    const found = projects.data.find((project) => project._id === id);
    if (!found) return redirect(PROJECTS_PATH);
    const { _id, title, location, category, status } = found;
    return { project: { ok: true, data: { _id, title, location, category, status } }, posted: null };
  },
  meta: ({ data }) => {
    const title = data?.project.ok ? data.project.data.title : '';
    return { title: copy.title(title), description: copy.metaDescription(title) };
  },
  /** The form, posted as a page: checked and stored by the contact service, then the confirmation (303, so a reload sends nothing). */
  async action({ request, services, data, redirect }) {
    const form = await request.formData();
    const values = Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? '')])) as Values;
    const url = new URL(request.url);
    const projectId = String(form.get('projectId') ?? url.searchParams.get('project') ?? '');
    const source = postedSource((name) => form.get(name), url, request.headers.get('referer'));
    const language = splitLanguage(url.pathname).language;
    const { status, reply } = await services.contact.submitProjectEnquiry({ ...values, ...source, projectId, language });
    if (reply.success) return redirect(`${projectEnquiryHref(projectId)}&${SENT_PARAM}=1`, 303);
    const { errors, others } = errorsOf(reply.errors);
    return data({ values, errors, notice: others[0] ?? reply.message }, { status });
  },
});

export default function ProjectEnquiryPage({ project, posted }: PagePropsOf<typeof page>) {
  const sent = useSearchParams()[0].get(SENT_PARAM) === '1';
  if (!project.ok) return <ErrorState text={project.message} />;
  const named = project.data;
  const values = posted?.values ?? EMPTY;
  const errors = posted?.errors ?? {};
  const notice = sent && !posted ? { text: copy.sent, ok: true } : posted ? { text: posted.notice, ok: false } : null;
  const id = (field: Field) => `enquiry-${field}`;
  const controlProps = (field: Field) => ({
    id: id(field),
    name: field,
    className: fieldInputClass(Boolean(errors[field])),
    ...invalidProps(id(field), errors[field]),
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <SectionHeading level={1} title={copy.title(named.title)} subtitle={copy.intro} />
      <p className="-mt-4 mb-6 flex items-center justify-center gap-1 text-sm text-gray-700" data-testid="enquiry-project">
        <MapPin className="h-4 w-4 text-brand-dark" aria-hidden="true" />
        {[named.location, named.category, named.status].filter(Boolean).join(' · ')}
      </p>
      <section aria-labelledby="enquiry-form-title" className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-gray-100 sm:p-8">
        <h2 id="enquiry-form-title" className="text-2xl font-bold text-gray-900">
          {copy.formTitle}
        </h2>
        <FormNotice notice={notice} testId="enquiry-notice" />
        <form method="post" noValidate className="mt-6 space-y-5">
          <input type="hidden" name="projectId" value={named._id} />
          <SourceFields />
          <div className="grid gap-5 sm:grid-cols-2">
            <LabelledField id={id('name')} label={copy.labels.name} error={errors.name} testId="error-name">
              <input type="text" autoComplete="name" defaultValue={values.name} {...controlProps('name')} />
            </LabelledField>
            <LabelledField id={id('number')} label={copy.labels.number} error={errors.number} testId="error-number">
              <input type="tel" autoComplete="tel" defaultValue={values.number} {...controlProps('number')} />
            </LabelledField>
          </div>
          <fieldset {...invalidProps(id('contactBy'), errors.contactBy)}>
            <legend className="text-sm font-semibold text-gray-900">{copy.labels.contactBy}</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {CONTACT_BY.map((choice, i) => (
                <label key={choice} className="inline-flex min-h-11 items-center gap-2 text-gray-900">
                  <input
                    type="radio"
                    name="contactBy"
                    value={choice}
                    id={`enquiry-contact-by-${i}`}
                    defaultChecked={values.contactBy === choice}
                    className="h-5 w-5 accent-brand-dark"
                  />
                  {choice}
                </label>
              ))}
            </div>
            <FieldErrorText id={id('contactBy')} error={errors.contactBy} testId="error-contactBy" />
          </fieldset>
          <LabelledField
            id={id('preferredTime')}
            label={copy.labels.preferredTime}
            error={errors.preferredTime}
            testId="error-preferredTime"
          >
            <select defaultValue={values.preferredTime} {...controlProps('preferredTime')}>
              {PREFERRED_TIMES.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </select>
          </LabelledField>
          <LabelledField id={id('message')} label={copy.labels.message} error={errors.message} testId="error-message">
            <textarea rows={4} defaultValue={values.message} {...controlProps('message')} />
          </LabelledField>
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className={`${buttonClass('primary')} min-h-12 px-8`}>
              {copy.submit}
            </button>
            <a href={PROJECTS_PATH} className="text-sm font-semibold text-brand-dark underline underline-offset-4">
              {copy.backToProjects}
            </a>
          </div>
        </form>
      </section>
    </div>
  );
}
