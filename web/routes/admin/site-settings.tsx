/**
 * Site settings: the company's details every public page shows (PUT /api/site-settings); accounts with the settings area
 * (Admins). Its saves name the revision it opened; someone else's save since opens the edit-conflict dialog
 * (docs/decisions/0044).
 */
import { History } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useFetcher, useLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import { commonCopy, historyCopy, siteSettingsCopy as copy, translationCopy } from '../../../shared/copy/admin';
import { TRANSLATED_LANGUAGES, languageDef } from '../../../shared/languages';
import { SITE_LIMITS, SOCIAL_LABELS, SOCIAL_NETWORKS, WEEKDAYS, WEEKDAY_LABELS, type SiteSettings } from '../../../shared/site-settings';
import { formatPhone } from '../../../shared/phone';
import {
  siteSettingsSchema,
  storedSiteSettingsSchema,
  type SiteSettingsReply,
  type SiteSettingsSavedReply,
} from '../../../shared/site-settings-schema';
import { btn, card, input, label } from '../../components/admin/classes';
import { AdminDataView } from '../../components/admin/admin-data';
import { DocumentDraftBar, DocumentSchedule } from '../../components/admin/draft-controls';
import { DocumentPreview } from '../../components/admin/document-preview';
import { LibraryImageField, useMediaEntries } from '../../components/admin/media-chooser';
import { useDocumentConflict, type DocumentShape } from '../../components/admin/use-document-conflict';
import { useDraftAutosave } from '../../components/admin/use-draft-autosave';
import { FieldError, PageHeader } from '../../components/admin/ui';
import { useLeaveGuard } from '../../components/admin/use-leave-guard';
import { MissingTranslationMarks, SideBySide, TranslatedField } from '../../components/admin/translation-parts';
import {
  documentTranslationsSchema,
  missingPlaces,
  translatedText,
  withTranslated,
  type DocumentTranslations,
} from '../../lib/admin/document-translations';
import {
  autosaveDocument,
  documentAction,
  loadDocumentDraft,
  submitDiscard,
  type DiscardIntent,
  type DocumentIntent,
  type ScheduleIntent,
} from '../../lib/admin/document-drafts';
import { loadReply, submitted, useWritten, type Written } from '../../lib/admin/screen-data';
import type { Route } from './+types/site-settings';
import type { ItemSchedule, ScheduleReply } from '../../../shared/schedules';
import type { z } from '../../../shared/zod';

type Errors = Record<string, string>;
/** What the form's buttons ask for (docs/decisions/0039). */
type Intent = DocumentIntent<SiteSettings>['intent'];

/** The settings with their translations, nested like them (`{ kn: { address: { locality } } }`; docs/decisions/0049). */
type SettingsDoc = SiteSettings & { translations?: DocumentTranslations };
const draftSchema: z.ZodType<SettingsDoc> = siteSettingsSchema.extend({ translations: documentTranslationsSchema });
const storedSchema: z.ZodType<SettingsDoc> = storedSiteSettingsSchema.extend({ translations: documentTranslationsSchema });

/**
 * The places whose text is words a visitor reads (an e-mail, a number, a code, a link or a time is the same in every
 * language; the company name stays as registered), as the server takes them (shared/translations.ts).
 */
const TRANSLATABLE = ['address.street', 'address.locality', 'address.region', 'defaultTitle', 'defaultDescription'];

/** The settings as a save sends them: checked, with the form's translations beside them. */
function outgoing(state: SettingsDoc): z.output<typeof siteSettingsSchema> {
  // typed as the settings: their translations (any JSON) go with them
  const value = { ...siteSettingsSchema.parse(state), translations: state.translations };
  return value;
}

/** The value at a dotted place ("address.street") of the settings. */
function valueAt(settings: SiteSettings, place: string): string {
  let value: unknown = settings;
  for (const key of place.split('.')) value = (value as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** A copy of the settings with one value changed at a dotted place. */
function withValue<T extends SiteSettings>(settings: T, place: string, next: string): T {
  const [head, ...rest] = place.split('.');
  const record = settings as unknown as Record<string, unknown>;
  if (rest.length === 0) return { ...settings, [head!]: next };
  return { ...settings, [head!]: withValue(record[head!] as SiteSettings, rest.join('.'), next) } as T;
}

/** The settings as the form shows them: numbers stored in E.164 in their readable form. */
function readable(settings: SettingsDoc): SettingsDoc {
  return { ...settings, phone: formatPhone(settings.phone), whatsapp: formatPhone(settings.whatsapp) };
}

/** Every place of the form and its label: what an edit conflict compares and merges, one by one (docs/decisions/0044). */
const PLACES: [place: string, label: string][] = [
  ['companyName', copy.fields.companyName],
  ['email', copy.fields.email],
  ['phone', copy.fields.phone],
  ['whatsapp', copy.fields.whatsapp],
  ['address.street', copy.fields.street],
  ['address.locality', copy.fields.locality],
  ['address.region', copy.fields.region],
  ['address.postalCode', copy.fields.postalCode],
  ['address.country', copy.fields.country],
  ['mapLink', copy.fields.mapLink],
  ...WEEKDAYS.flatMap((day): [string, string][] => [
    [`hours.${day}.opens`, copy.opens(WEEKDAY_LABELS[day])],
    [`hours.${day}.closes`, copy.closes(WEEKDAY_LABELS[day])],
  ]),
  ...SOCIAL_NETWORKS.map((network): [string, string] => [`social.${network}`, SOCIAL_LABELS[network]]),
  ['defaultTitle', copy.fields.defaultTitle],
  ['defaultDescription', copy.fields.defaultDescription],
  ['shareImage', copy.fields.shareImage],
];

/** The settings place by place, for an edit conflict's comparison and merge (docs/decisions/0044). */
/** The translated places ("kn.address.locality") and their labels. */
const TRANSLATED_PLACES = TRANSLATED_LANGUAGES.flatMap((language) =>
  TRANSLATABLE.map((place) => ({
    name: `${language}.${place}`,
    language,
    path: place.split('.'),
    label: translationCopy.fieldLabel(PLACES.find(([name]) => name === place)?.[1] ?? place, languageDef(language).name),
  })),
);

const settingsShape: DocumentShape<SettingsDoc> = {
  places: (settings) => [
    ...PLACES.map(([name, text]) => ({ name, label: text, text: valueAt(settings, name) })),
    // each translated text is a place of its own: a Kannada edit is compared, never overwritten unseen
    ...TRANSLATED_PLACES.map(({ name, label: text, language, path }) => ({
      name,
      label: text,
      text: translatedText(settings.translations, language, path),
    })),
  ],
  // someone else's saved settings as the form shows them
  read: (values, fallback) => {
    const parsed = storedSchema.safeParse(values);
    return parsed.success ? readable(parsed.data) : fallback;
  },
  merge: (mine, theirs, choose) =>
    TRANSLATED_PLACES.reduce(
      (settings, { name, language, path }) =>
        choose(name) === 'theirs'
          ? {
              ...settings,
              translations: withTranslated(settings.translations, language, path, translatedText(theirs.translations, language, path)),
            }
          : settings,
      PLACES.reduce(
        (settings, [place]) => (choose(place) === 'theirs' ? withValue(settings, place, valueAt(theirs, place)) : settings),
        mine,
      ),
    ),
};

/** Each problem by its place; an opening-hours problem belongs to its day. */
function errorsOf(value: SiteSettings): Errors | null {
  const parsed = siteSettingsSchema.safeParse(value);
  if (parsed.success) return null;
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

function Section({
  id,
  title,
  hint,
  marks,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  marks?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className={`${card} p-5`} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {marks ? <div className="mb-3 flex flex-wrap gap-2">{marks}</div> : null}
      {hint ? (
        <p id={`${id}-hint`} className="mb-3 text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export async function clientLoader() {
  const [settings, draft, schedule] = await Promise.all([
    loadReply<SiteSettingsReply>('/site-settings', copy.loadFailed),
    loadDocumentDraft('/site-settings', draftSchema),
    // an unread schedule is no reason to refuse the screen: the section starts empty
    loadReply<Omit<ScheduleReply, 'message'>>('/site-settings/schedule', ''),
  ]);
  return { settings, draft: draft.draft, revision: draft.revision, schedule: schedule.reply?.data ?? null };
}

/** Save (live at once), Save draft (visitors see no change), Publish (the form as a draft, then published; docs/decisions/0039), Discard draft, Schedule. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await submitted<DocumentIntent<SiteSettings> | DiscardIntent | ScheduleIntent>(request);
  return documentAction(body, { path: '/site-settings', name: copy.title, saved: copy.title, saveFailed: copy.saveFailed });
}

/** A save's reply holds the settings as stored: the form takes them from it, with no second read. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export default function SiteSettingsScreen() {
  const { settings, draft, revision, schedule } = useLoaderData<typeof clientLoader>();
  return (
    <div>
      <PageHeader title={copy.title} subtitle={copy.intro}>
        <Link to="/admin/history/site-settings/-" className={btn.secondary}>
          <History className="h-4 w-4" aria-hidden />
          {historyCopy.link}
        </Link>
      </PageHeader>
      <AdminDataView loaded={settings}>
        {({ data }) => <SettingsForm stored={readable(draft ?? data)} drafted={draft !== null} revision={revision} schedule={schedule} />}
      </AdminDataView>
    </div>
  );
}

/** `stored`: what the form opens (the newest draft when `drafted`, else the live settings); `revision`: the document's then. */
function SettingsForm({
  stored,
  drafted,
  revision: opened,
  schedule,
}: {
  stored: SettingsDoc;
  drafted: boolean;
  revision: string | undefined;
  schedule: ItemSchedule | null;
}) {
  const [saved, setSaved] = useState(stored);
  // a draft newer than the live settings: Publish is offered
  const [hasDraft, setHasDraft] = useState(drafted);
  const [values, setValues] = useState(stored);
  const [errors, setErrors] = useState<Errors>({});
  // the share image's library entry (its alt text names the preview)
  const library = useMediaEntries([stored.shareImage]);
  const [formError, setFormError] = useState('');
  const fetcher = useFetcher<Written<SiteSettingsSavedReply>>();
  const busy = fetcher.state !== 'idle';
  const dirty = JSON.stringify(saved) !== JSON.stringify(values);
  const guard = useLeaveGuard(dirty);
  // the revision every save names as its base: the one opened, then each save's own (a ref: the autosave reads it after an await)
  const revision = useRef(opened);
  // someone else's save met by one of ours (docs/decisions/0044): settled, the form stands on their revision and
  // settings, with each place as chosen, and is sent again as it was asked (not for Take theirs)
  const conflict = useDocumentConflict<SettingsDoc, Intent>(settingsShape, ({ met, intent, theirs, chosen, resend }) => {
    revision.current = met.revision;
    setSaved(theirs);
    setValues(chosen);
    if (met.status === 'draft') setHasDraft(true);
    if (resend) send(chosen, intent);
  });
  // autosave: 2 s after the last change of a form that checks out; never a publish (docs/decisions/0039); it waits while the dialog is open
  const autosave = useDraftAutosave(JSON.stringify(values), dirty && !busy && !conflict.open && errorsOf(values) === null, async () => {
    const parsed = siteSettingsSchema.safeParse(values);
    if (!parsed.success) return 'failed';
    const outcome = await autosaveDocument('/site-settings', { ...parsed.data, translations: values.translations }, revision, (met) =>
      conflict.meet(met, 'draft', values, saved),
    );
    if (outcome === 'saved') {
      setHasDraft(true);
      // the draft holds these values now: a change is measured from them (typed back to the opened text is saved again)
      setSaved(values);
    }
    return outcome;
  });
  // what the last submission asked for: a draft keeps Publish offered
  const sent = useRef<Intent | 'discard'>('save');
  // a save's outcome: the stored settings into the form, someone else's change into the dialog, or its message under it
  useWritten(fetcher.data, (outcome) => {
    if (!outcome.ok) {
      // a discard is not checked against the revision: it meets no one's change
      if (outcome.conflict && sent.current !== 'discard') return conflict.meet(outcome.conflict, sent.current, values, saved);
      return setFormError(outcome.error);
    }
    if (outcome.reply.revision) revision.current = outcome.reply.revision;
    setSaved(readable(outcome.reply.data));
    setValues(readable(outcome.reply.data));
    setHasDraft(sent.current === 'draft');
  });

  /** Sends `state` (the form, or the form as a conflict's choice just set it) as `intent` says. */
  function send(state: SettingsDoc, intent: Intent) {
    const found = errorsOf(state);
    if (found) {
      setErrors(found);
      setFormError(copy.fixErrors);
      // the first field with a problem takes the focus
      const first = Object.keys(found)[0]!;
      document.getElementById(`site-${first.replace(/\./g, '-')}`)?.focus();
      document.getElementById(`site-${first.replace(/\./g, '-')}-opens`)?.focus();
      return;
    }
    setErrors({});
    setFormError('');
    sent.current = intent;
    // the action's DocumentIntent
    const body = {
      intent,
      value: outgoing(state),
      ...(revision.current ? { revision: revision.current } : {}),
    };
    void fetcher.submit({ ...body }, { method: 'put', encType: 'application/json' });
  }

  const submit = (event: FormEvent, intent: Intent = 'save') => {
    event.preventDefault();
    send(values, intent);
  };

  /** Discard draft: the live settings come back into the form. */
  function discard() {
    setErrors({});
    setFormError('');
    sent.current = 'discard';
    submitDiscard(fetcher);
  }

  const field = (place: string, text: string, options: { type?: string; max?: number; long?: boolean; hint?: string } = {}) => {
    const id = `site-${place.replace(/\./g, '-')}`;
    const error = errors[place];
    const described = [options.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    const props = {
      id,
      name: place,
      className: input,
      value: valueAt(values, place),
      maxLength: options.max,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described,
      onChange: (e: { currentTarget: { value: string } }) => setValues(withValue(values, place, e.currentTarget.value)),
    };
    const english = (
      <div className={options.long && !TRANSLATABLE.includes(place) ? 'sm:col-span-2' : undefined}>
        <label htmlFor={id} className={label}>
          {text}
        </label>
        {options.long ? <textarea rows={3} {...props} /> : <input type={options.type ?? 'text'} {...props} />}
        {options.hint ? (
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
            {options.hint}
          </p>
        ) : null}
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
    if (!TRANSLATABLE.includes(place)) return english;
    const path = place.split('.');
    // the English text and its translations side by side (docs/decisions/0049)
    return (
      <SideBySide className="sm:col-span-2">
        {english}
        {TRANSLATED_LANGUAGES.map((language) => (
          <TranslatedField
            key={language}
            id={`${id}-${language}`}
            language={language}
            label={translationCopy.fieldLabel(text, languageDef(language).name)}
            value={translatedText(values.translations, language, path)}
            multiline={options.long}
            rows={3}
            onChange={(next) =>
              setValues((current) => ({ ...current, translations: withTranslated(current.translations, language, path, next) }))
            }
          />
        ))}
      </SideBySide>
    );
  };
  /** The marks of a section's translated places missing a translation. */
  const marks = (places: string[]) => (
    <MissingTranslationMarks
      counts={missingPlaces(
        values.translations,
        places.map((place) => ({ path: place.split('.'), english: valueAt(values, place) })),
      )}
    />
  );

  return (
    <DocumentPreview document="site-settings" value={values} drafted={hasDraft}>
      <form onSubmit={submit} noValidate className="space-y-6" aria-label={copy.title}>
        <Section id="company" title={copy.company}>
          {field('companyName', copy.fields.companyName, { max: SITE_LIMITS.companyName })}
          {field('email', copy.fields.email, { type: 'email', max: SITE_LIMITS.email })}
          {field('phone', copy.fields.phone, { type: 'tel', max: 30 })}
          {field('whatsapp', copy.fields.whatsapp, { type: 'tel', max: 30 })}
        </Section>
        <Section id="address" title={copy.address} marks={marks(['address.street', 'address.locality', 'address.region'])}>
          {field('address.street', copy.fields.street, { max: SITE_LIMITS.street, long: true })}
          {field('address.locality', copy.fields.locality, { max: SITE_LIMITS.locality })}
          {field('address.region', copy.fields.region, { max: SITE_LIMITS.region })}
          {field('address.postalCode', copy.fields.postalCode, { max: SITE_LIMITS.postalCode })}
          {field('address.country', copy.fields.country, { max: 2 })}
          {field('mapLink', copy.fields.mapLink, { type: 'url', max: SITE_LIMITS.url, long: true, hint: copy.mapLinkHint })}
        </Section>
        <Section id="hours" title={copy.hours} hint={copy.hoursHint}>
          {WEEKDAYS.map((day) => {
            const error = errors[`hours.${day}`];
            const base = `site-hours-${day}`;
            const time = (end: 'opens' | 'closes') => (
              <div>
                <label htmlFor={`${base}-${end}`} className={label}>
                  {end === 'opens' ? copy.opens(WEEKDAY_LABELS[day]) : copy.closes(WEEKDAY_LABELS[day])}
                </label>
                <input
                  id={`${base}-${end}`}
                  type="time"
                  className={input}
                  value={values.hours[day][end]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${base}-error` : undefined}
                  onChange={(e) => setValues(withValue(values, `hours.${day}.${end}`, e.currentTarget.value))}
                />
              </div>
            );
            return (
              <div key={day} className="grid grid-cols-2 gap-2 sm:col-span-2">
                {time('opens')}
                {time('closes')}
                <FieldError id={`${base}-error`} message={error} className="col-span-2" />
              </div>
            );
          })}
        </Section>
        <Section id="social" title={copy.social} hint={copy.socialHint}>
          {SOCIAL_NETWORKS.map((network) => (
            <div key={network}>{field(`social.${network}`, SOCIAL_LABELS[network], { type: 'url', max: SITE_LIMITS.url })}</div>
          ))}
        </Section>
        <Section id="search" title={copy.search} marks={marks(['defaultTitle', 'defaultDescription'])}>
          {field('defaultTitle', copy.fields.defaultTitle, { max: SITE_LIMITS.defaultTitle, long: true })}
          {field('defaultDescription', copy.fields.defaultDescription, { max: SITE_LIMITS.defaultDescription, long: true })}
          <div className="sm:col-span-2">
            <LibraryImageField
              id="site-shareImage"
              label={copy.fields.shareImage}
              value={values.shareImage}
              hint={copy.shareImageHint}
              error={errors.shareImage}
              library={library}
              onChange={(url) => setValues(withValue(values, 'shareImage', url))}
            />
          </div>
        </Section>
        <DocumentDraftBar
          autosave={autosave}
          drafted={hasDraft}
          error={formError}
          busy={busy}
          canPublish={hasDraft}
          publishing={busy && sent.current === 'publish'}
          onSaveDraft={() => send(values, 'draft')}
          onPublish={() => send(values, 'publish')}
          onDiscard={discard}
          save={
            <button type="submit" className={btn.primary} disabled={busy}>
              {busy ? commonCopy.saving : copy.save}
            </button>
          }
        />
      </form>
      <DocumentSchedule drafted={hasDraft} schedule={schedule} />
      {conflict.dialog}
      {guard.dialog}
    </DocumentPreview>
  );
}
