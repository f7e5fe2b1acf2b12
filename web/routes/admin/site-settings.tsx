/** Site settings: the company's details every public page shows (PUT /api/site-settings); Admins and Editors. */
import { History } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useFetcher, useLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import { TOAST_SHORT_MS, commonCopy, draftCopy, historyCopy, scheduleCopy, siteSettingsCopy as copy } from '../../../shared/copy/admin';
import { SITE_LIMITS, SOCIAL_LABELS, SOCIAL_NETWORKS, WEEKDAYS, WEEKDAY_LABELS, type SiteSettings } from '../../../shared/site-settings';
import { formatPhone } from '../../../shared/phone';
import { siteSettingsSchema, type SiteSettingsReply, type SiteSettingsSavedReply } from '../../../shared/site-settings-schema';
import { btn, card, input, label } from '../../components/admin/classes';
import { AdminDataView } from '../../components/admin/admin-data';
import { AutosaveLine } from '../../components/admin/draft-controls';
import { useDraftAutosave } from '../../components/admin/use-draft-autosave';
import { FieldError, PageHeader } from '../../components/admin/ui';
import { useLeaveGuard } from '../../components/admin/use-leave-guard';
import { apiJson } from '../../lib/admin/api';
import { loadDocumentDraft, publishDocument, saveDocumentDraft } from '../../lib/admin/document-drafts';
import { loadReply, runWrite, submitted, useWritten, type Written } from '../../lib/admin/screen-data';
import type { Route } from './+types/site-settings';
import type { ItemSchedule, ScheduleReply } from '../../../shared/schedules';
import { ScheduleFields } from '../../components/admin/schedule-fields';

type Errors = Record<string, string>;

/** The value at a dotted place ("address.street") of the settings. */
function valueAt(settings: SiteSettings, place: string): string {
  let value: unknown = settings;
  for (const key of place.split('.')) value = (value as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** A copy of the settings with one value changed at a dotted place. */
function withValue(settings: SiteSettings, place: string, next: string): SiteSettings {
  const [head, ...rest] = place.split('.');
  const record = settings as unknown as Record<string, unknown>;
  if (rest.length === 0) return { ...settings, [head!]: next };
  return { ...settings, [head!]: withValue(record[head!] as SiteSettings, rest.join('.'), next) } as SiteSettings;
}

/** The settings as the form shows them: numbers stored in E.164 in their readable form. */
function readable(settings: SiteSettings): SiteSettings {
  return { ...settings, phone: formatPhone(settings.phone), whatsapp: formatPhone(settings.whatsapp) };
}

/** Each problem by its place; an opening-hours problem belongs to its day. */
function errorsOf(value: SiteSettings): Errors | null {
  const parsed = siteSettingsSchema.safeParse(value);
  if (parsed.success) return null;
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className={`${card} p-5`} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="px-1 text-lg font-semibold">{title}</legend>
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
    loadDocumentDraft('/site-settings', siteSettingsSchema),
    // an unread schedule is no reason to refuse the screen: the section starts empty
    loadReply<Omit<ScheduleReply, 'message'>>('/site-settings/schedule', ''),
  ]);
  return { settings, draft, schedule: schedule.reply?.data ?? null };
}

/** Save (live at once), Save draft (visitors see no change) or Publish (the form as a draft, then published; docs/decisions/0039). */
interface SettingsIntent {
  intent: 'save' | 'draft' | 'publish';
  settings: SiteSettings;
}

/** The draft's Publish at (docs/decisions/0042); null clears it. */
interface ScheduleIntent {
  intent: 'schedule';
  publishAt: string | null;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await submitted<SettingsIntent | ScheduleIntent>(request);
  if (body.intent === 'schedule') {
    const times = { publishAt: body.publishAt };
    return runWrite(() => apiJson<ScheduleReply>('/site-settings/schedule', { method: 'PUT', body: times }), {
      success: () => (body.publishAt ? scheduleCopy.saved(copy.title) : scheduleCopy.cleared(copy.title)),
      failure: scheduleCopy.failed,
      duration: TOAST_SHORT_MS,
    });
  }
  const { intent, settings } = body;
  if (intent === 'draft')
    return runWrite(
      async (): Promise<SiteSettingsSavedReply> => {
        await saveDocumentDraft('/site-settings', settings);
        return { success: true, message: draftCopy.draftSaved, data: settings };
      },
      { success: (reply) => reply.message, failure: draftCopy.failed, duration: TOAST_SHORT_MS },
    );
  if (intent === 'publish')
    return runWrite(
      async (): Promise<SiteSettingsSavedReply> => {
        await publishDocument('/site-settings', settings);
        const live = await apiJson<SiteSettingsReply>('/site-settings');
        return { success: true, message: draftCopy.published(copy.title), data: live.data };
      },
      { success: (reply) => reply.message, failure: draftCopy.publishFailed, duration: TOAST_SHORT_MS },
    );
  return runWrite(() => apiJson<SiteSettingsSavedReply>('/site-settings', { method: 'PUT', body: settings, fallback: copy.saveFailed }), {
    success: (reply) => reply.message || copy.title,
    fallback: copy.saveFailed,
    duration: TOAST_SHORT_MS,
  });
}

/** A save's reply holds the settings as stored: the form takes them from it, with no second read. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export default function SiteSettingsScreen() {
  const { settings, draft, schedule } = useLoaderData<typeof clientLoader>();
  return (
    <div>
      <PageHeader title={copy.title} subtitle={copy.intro}>
        <Link to="/admin/history/site-settings/-" className={btn.secondary}>
          <History className="h-4 w-4" aria-hidden />
          {historyCopy.link}
        </Link>
      </PageHeader>
      <AdminDataView loaded={settings}>
        {({ data }) => <SettingsForm stored={readable(draft ?? data)} drafted={draft !== null} schedule={schedule} />}
      </AdminDataView>
    </div>
  );
}

/** `stored`: what the form opens (the newest draft when `drafted`, else the live settings). */
function SettingsForm({ stored, drafted, schedule }: { stored: SiteSettings; drafted: boolean; schedule: ItemSchedule | null }) {
  const scheduleFetcher = useFetcher<Written<ScheduleReply>>();
  const [saved, setSaved] = useState(stored);
  // a draft newer than the live settings: Publish is offered
  const [hasDraft, setHasDraft] = useState(drafted);
  const [values, setValues] = useState(stored);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const fetcher = useFetcher<Written<SiteSettingsSavedReply>>();
  const busy = fetcher.state !== 'idle';
  const dirty = JSON.stringify(saved) !== JSON.stringify(values);
  const guard = useLeaveGuard(dirty);
  // autosave: 2 s after the last change of a form that checks out; never a publish (docs/decisions/0039)
  const autosave = useDraftAutosave(JSON.stringify(values), dirty && !busy && errorsOf(values) === null, async () => {
    const parsed = siteSettingsSchema.safeParse(values);
    if (!parsed.success) return 'failed';
    await saveDocumentDraft('/site-settings', parsed.data, true);
    setHasDraft(true);
    return 'saved';
  });
  // what the last submission asked for: a draft keeps Publish offered
  const sent = useRef<SettingsIntent['intent']>('save');
  // a save's outcome: the stored settings into the form, or its message under it
  useWritten(fetcher.data, (outcome) => {
    if (!outcome.ok) return setFormError(outcome.error);
    setSaved(readable(outcome.reply.data));
    setValues(readable(outcome.reply.data));
    setHasDraft(sent.current === 'draft');
  });

  const submit = (event: FormEvent, intent: SettingsIntent['intent'] = 'save') => {
    event.preventDefault();
    const found = errorsOf(values);
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
    void fetcher.submit({ intent, settings: siteSettingsSchema.parse(values) }, { method: 'put', encType: 'application/json' });
  };

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
    return (
      <div className={options.long ? 'sm:col-span-2' : undefined}>
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
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-6" aria-label={copy.title}>
        <Section id="company" title={copy.company}>
          {field('companyName', copy.fields.companyName, { max: SITE_LIMITS.companyName })}
          {field('email', copy.fields.email, { type: 'email', max: SITE_LIMITS.email })}
          {field('phone', copy.fields.phone, { type: 'tel', max: 30 })}
          {field('whatsapp', copy.fields.whatsapp, { type: 'tel', max: 30 })}
        </Section>
        <Section id="address" title={copy.address}>
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
        <Section id="search" title={copy.search}>
          {field('defaultTitle', copy.fields.defaultTitle, { max: SITE_LIMITS.defaultTitle, long: true })}
          {field('defaultDescription', copy.fields.defaultDescription, { max: SITE_LIMITS.defaultDescription, long: true })}
          {field('shareImage', copy.fields.shareImage, { long: true, hint: copy.shareImageHint })}
        </Section>
        <AutosaveLine status={autosave} />
        {formError ? (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={btn.secondary} disabled={busy} onClick={(event) => submit(event, 'draft')}>
            {draftCopy.saveDraft}
          </button>
          {hasDraft ? (
            <button type="button" className={btn.secondary} disabled={busy} onClick={(event) => submit(event, 'publish')}>
              {draftCopy.publish}
            </button>
          ) : null}
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? commonCopy.saving : copy.save}
          </button>
        </div>
      </form>
      {/* a draft is what a schedule publishes: the section comes with one */}
      {hasDraft ? (
        <ScheduleFields
          schedule={schedule}
          withUnpublish={false}
          busy={scheduleFetcher.state !== 'idle'}
          onSave={({ publishAt }) =>
            void scheduleFetcher.submit({ intent: 'schedule', publishAt }, { method: 'put', encType: 'application/json' })
          }
        />
      ) : null}
      {guard.dialog}
    </>
  );
}
