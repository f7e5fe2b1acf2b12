/**
 * Ask about this project (issue 26): the short form a project's call to action opens. A real form posted as a page, with
 * or without JavaScript (the server checks it with the contact form's rules and answers with the errors or the confirmation);
 * the enquiry lands in the inbox with its project. One page per project: `?project=<id>` (an unknown one goes to the projects).
 */
import { MapPin } from 'lucide-react';
import { contactFieldForError } from '../../shared/contact-rules';
import { optionLabel, type PublicCopy } from '../../shared/copy/public-copy';
import { projectEnquiry as englishEnquiryCopy } from '../../shared/copy/project-enquiry';
import { fieldErrorText, refusalNotice } from '../../shared/enquiry-messages';
import { isLanguage, localizedPath, type Language } from '../../shared/languages';
import { postedSource } from '../../shared/enquiry-source-rules';
import { PROJECT_ENQUIRY_PATH, projectEnquiryHref } from '../../shared/project-enquiry-path';
import { CONTACT_BY, PREFERRED_TIMES, isProjectId } from '../../shared/project-enquiry-rules';
import { buttonClass } from '../components/public/button-link';
import { FieldErrorText, FormNotice, LabelledField, fieldInputClass, invalidProps } from '../components/public/form-fields';
import { useLanguage, usePublicCopy, useSearchParams } from '../components/public/page-context';
import { SectionHeading } from '../components/public/section-heading';
import { ErrorState } from '../components/public/section-state';
import { SourceFields } from '../components/public/visit-source';
import { withValue } from '../components/public/with-value';
import { fieldLang } from '../../shared/translations';
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
  /** Its texts left in English on a page in another language. */
  fallbackFields?: readonly string[];
}

/** A form refused: what was sent, the errors under their fields and the notice above. */
interface PostedEnquiry {
  values: Values;
  errors: Errors;
  notice: string;
}

const SENT_PARAM = 'sent';
/** The copy's words for the stored choices, in their order (shared/project-enquiry-rules.ts): the values stay English. */
const CONTACT_BY_KEYS = ['call', 'visit'] as const;
const TIME_KEYS = ['morning', 'afternoon', 'evening'] as const;
/** Where a visitor without a project to ask about is sent (the Projects page's path; importing its definition would load its code). */
const PROJECTS_PATH = '/project/exterior';
const EMPTY: Values = { name: '', number: '', contactBy: CONTACT_BY[0], preferredTime: PREFERRED_TIMES[0], message: '' };

/** The server's error strings under their fields, in the page's words: the contact form's, and the project form's own choices. */
function errorsOf(messages: string[], copy: PublicCopy, language: Language): { errors: Errors; others: string[] } {
  const errors: Errors = {};
  const others: string[] = [];
  // the server's English words for the project form's own choices (shared/project-enquiry.ts)
  const choiceErrors = englishEnquiryCopy.errors;
  for (const message of messages) {
    if (message === choiceErrors.contactByRequired) errors.contactBy ??= copy.projectEnquiry.errors.contactByRequired;
    else if (message === choiceErrors.preferredTimeRequired) errors.preferredTime ??= copy.projectEnquiry.errors.preferredTimeRequired;
    else {
      const field = contactFieldForError(message);
      if (field && field !== 'email') errors[field] ??= fieldErrorText(message, field, copy, language);
      else others.push(message);
    }
  }
  return { errors, others };
}

/** The most characters of a <title> that search results show. */
const TITLE_MAX_LENGTH = 70;

export const page = definePublicPage<{ project: Section<NamedProject>; posted: PostedEnquiry | null }>({
  path: PROJECT_ENQUIRY_PATH,
  order: 90,
  label: ['projectEnquiry', 'label'],
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
    // which of its texts fell back to English (a localized record lists them)
    const fallbackFields = (found as { fallbackFields?: readonly string[] }).fallbackFields;
    const data: NamedProject = { _id, title, location, category, status, ...(fallbackFields ? { fallbackFields } : {}) };
    return { project: { ok: true, data }, posted: null };
  },
  meta: ({ data, copy, site }) => {
    const name = data?.project.ok ? data.project.data.title : '';
    // a long project name is cut so that '<title> | <company>' stays within what search results show
    const room = TITLE_MAX_LENGTH - copy.projectEnquiry.title('').length - ` | ${site?.companyName ?? ''}`.length;
    const shown = name.length > room ? `${name.slice(0, Math.max(1, room - 1)).trimEnd()}…` : name;
    return { title: copy.projectEnquiry.title(shown), description: copy.projectEnquiry.metaDescription(name) };
  },
  /** The form, posted as a page: checked and stored by the contact service, then the confirmation (303, so a reload sends nothing). */
  async action({ request, services, data, redirect, copy, language }) {
    const form = await request.formData();
    const values = Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? '')])) as Values;
    const url = new URL(request.url);
    const projectId = String(form.get('projectId') ?? url.searchParams.get('project') ?? '');
    const source = postedSource((name) => form.get(name), url, request.headers.get('referer'));
    // the language of the page the form was on (its hidden field; the page's own when absent)
    const sentFrom = form.get('language');
    const enquiryLanguage = isLanguage(sentFrom) ? sentFrom : language;
    const { status, reply } = await services.contact.submitProjectEnquiry({ ...values, ...source, projectId, language: enquiryLanguage });
    if (reply.success) return redirect(`${projectEnquiryHref(projectId)}&${SENT_PARAM}=1`, 303);
    const { errors, others } = errorsOf(reply.errors, copy, language);
    const notice = refusalNotice(others[0] ?? reply.message, Object.keys(errors).length > 0, copy, language);
    return data({ values, errors, notice }, { status });
  },
});

export default function ProjectEnquiryPage({ project, posted }: PagePropsOf<typeof page>) {
  const { projectEnquiry: copy, states, options } = usePublicCopy();
  const language = useLanguage();
  const sent = useSearchParams()[0].get(SENT_PARAM) === '1';
  if (!project.ok) return <ErrorState text={states.failureDetail} />;
  const named = project.data;
  const category = optionLabel(options.projectCategory, named.category);
  const status = optionLabel(options.projectStatus, named.status);
  const facts = [
    { key: 'location', text: named.location, lang: fieldLang(named, 'location') },
    { key: 'category', ...category },
    { key: 'status', ...status },
  ].filter((fact) => fact.text);
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
      <SectionHeading
        level={1}
        title={withValue(copy.title, <span lang={fieldLang(named, 'title')}>{named.title}</span>)}
        subtitle={copy.intro}
      />
      <p className="-mt-4 mb-6 flex items-center justify-center gap-1 text-sm text-gray-700" data-testid="enquiry-project">
        <MapPin className="h-4 w-4 text-brand-dark" aria-hidden="true" />
        {facts.map((fact, i) => (
          <span key={fact.key}>
            {i > 0 && ' · '}
            <span lang={fact.lang}>{fact.text}</span>
          </span>
        ))}
      </p>
      <section aria-labelledby="enquiry-form-title" className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-gray-100 sm:p-8">
        <h2 id="enquiry-form-title" className="text-2xl font-bold text-gray-900">
          {copy.formTitle}
        </h2>
        <FormNotice notice={notice} testId="enquiry-notice" />
        <form method="post" noValidate className="mt-6 space-y-5">
          <input type="hidden" name="projectId" value={named._id} />
          <input type="hidden" name="language" value={language} />
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
                  {copy.contactBy[CONTACT_BY_KEYS[i]]}
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
              {PREFERRED_TIMES.map((time, i) => (
                <option key={time} value={time}>
                  {copy.times[TIME_KEYS[i]]}
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
            <a href={localizedPath(PROJECTS_PATH, language)} className="text-sm font-semibold text-brand-dark underline underline-offset-4">
              {copy.backToProjects}
            </a>
          </div>
        </form>
      </section>
    </div>
  );
}
