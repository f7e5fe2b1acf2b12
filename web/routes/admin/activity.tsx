/** Activity: the audit log, newest first, filtered by person, kind and dates, a page at a time; details on demand. */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUDIT_KINDS, auditKindLabels, type AuditEntry, type AuditPageReply, type FieldChange } from '../../../shared/audit';
import { activityCopy as copy, commonCopy } from '../../../shared/copy/admin';
import { resources } from '../../../shared/resources';
import { formatInZone } from '../../../shared/site-time';
import { AdminDataView } from '../../components/admin/admin-data';
import { btn, card, input, label } from '../../components/admin/classes';
import { EmptyState, LabelledInput, PageHeader, TableHead } from '../../components/admin/ui';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { loadReply } from '../../lib/admin/screen-data';
import type { Route } from './+types/activity';

const FILTERS = ['person', 'kind', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** With seconds: the order of entries of one minute shows. In the site's zone, as every time the admin shows. */
const formatTime = (iso: string, timeZone: string) => formatInZone(new Date(iso), timeZone, { dateStyle: 'medium', timeStyle: 'medium' });

/** A day picked here is the admin's own day: from its local midnight to the next one. */
const localMidnight = (day: string, plusDays = 0) => {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
};

const filtersOf = (params: URLSearchParams) => Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;

function query(filters: Filters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.person) params.set('person', filters.person);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.from) params.set('from', localMidnight(filters.from));
  if (filters.to) params.set('to', localMidnight(filters.to, 1));
  if (cursor) params.set('cursor', cursor);
  return `/activity${params.size ? `?${params}` : ''}`;
}

/** The label of a changed field; an image's alt text or focal point (`imageAlt`, `imageFocus[2]`) by the copy's words. */
const fieldLabel = (type: string | undefined, name: string) => {
  const detail = /^image(Alt|Focus)(?:\[(\d+)\])?$/.exec(name);
  if (detail) return commonCopy.imageDetailLabel(detail[1] === 'Alt' ? 'alt' : 'focus', detail[2] ? Number(detail[2]) : undefined);
  return (
    (type && type in resources
      ? resources[type as keyof typeof resources].fields.find((field) => field.name === name)?.label
      : undefined) ?? name
  );
};

function targetText(entry: AuditEntry): string {
  const { target } = entry;
  if (!target) return copy.none;
  if (target.type === 'about') return copy.targets.about;
  const what = typeof entry.details.resource === 'string' ? entry.details.resource : (copy.targets[target.type] ?? target.type);
  return target.label ? `${what}: ${target.label}` : what;
}

const shown = (value: unknown) =>
  value === undefined || value === null || value === '' ? copy.emptyValue : typeof value === 'string' ? value : JSON.stringify(value);

function Details({ entry }: { entry: AuditEntry }) {
  const {
    changes,
    values,
    images,
    resource: _resource,
    ...rest
  } = entry.details as {
    changes?: Record<string, FieldChange>;
    values?: Record<string, unknown>;
    images?: number | { before: number; after: number; added: number; removed: number };
    resource?: unknown;
    [key: string]: unknown;
  };
  const type = entry.target?.type;
  const changed = Object.entries(changes ?? {});
  const others = Object.entries(rest);
  if (!changed.length && !values && images === undefined && !others.length) return <p className="text-gray-600">{copy.noDetails}</p>;
  return (
    <div className="space-y-2">
      {changed.length ? (
        <table className="min-w-full text-left text-xs">
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {copy.field}
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {copy.before}
              </th>
              <th scope="col" className="py-1 font-semibold">
                {copy.after}
              </th>
            </tr>
          </thead>
          <tbody>
            {changed.map(([name, change]) => (
              <tr key={name} className="align-top">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {fieldLabel(type, name)}
                </th>
                <td className="max-w-xs whitespace-pre-line break-words py-1 pr-3 text-red-800">{shown(change.before)}</td>
                <td className="max-w-xs whitespace-pre-line break-words py-1 text-green-800">{shown(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {values ? (
        <dl className="text-xs">
          <dt className="font-semibold">{copy.values}</dt>
          {Object.entries(values).map(([name, value]) => (
            <dd key={name} className="break-words">
              <span className="font-medium">{fieldLabel(type, name)}:</span> {shown(value)}
            </dd>
          ))}
        </dl>
      ) : null}
      {typeof images === 'number' ? (
        <p className="text-xs">{copy.imageCount(images)}</p>
      ) : images ? (
        <p className="text-xs">{copy.images(images)}</p>
      ) : null}
      {others.length ? (
        <ul className="text-xs">
          {others.map(([key, value]) => (
            <li key={key}>
              <span className="font-medium">{key}:</span> {shown(value)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const { timeZone } = useAdminLimits();
  const [open, setOpen] = useState(false);
  const detailsId = `activity-details-${entry._id}`;
  return (
    <>
      <tr className="align-top">
        <td className="whitespace-nowrap px-4 py-3 text-gray-700">
          <time dateTime={entry.at}>{formatTime(entry.at, timeZone)}</time>
        </td>
        <td className="break-all px-4 py-3">{entry.actor?.email ?? copy.system}</td>
        <td className="px-4 py-3 font-medium">{auditKindLabels[entry.kind] ?? entry.kind}</td>
        <td className="break-words px-4 py-3">{targetText(entry)}</td>
        <td className="whitespace-nowrap px-4 py-3 font-mono text-xs">{entry.ip ?? copy.none}</td>
        <td className="px-4 py-3">
          <button
            type="button"
            className="text-sm font-medium text-blue-700 underline"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
          >
            {open ? copy.hideDetails : copy.showDetails}
          </button>
        </td>
      </tr>
      {open ? (
        <tr id={detailsId} className="bg-gray-50">
          <td colSpan={6} className="px-4 py-3 text-sm">
            <Details entry={entry} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

const sameFilters = (a: Filters, b: Filters) => FILTERS.every((name) => a[name] === b[name]);

function FilterForm({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const [draft, setDraft] = useState(filters);
  // the filters in the address change (an Apply landing, Back): the fields follow them, unless they were
  // edited since (typing the next filter while the last one loads must not be wiped when it lands)
  const [shown, setShown] = useState(filters);
  if (!sameFilters(shown, filters)) {
    setShown(filters);
    if (sameFilters(draft, shown)) setDraft(filters);
  }
  const set = (name: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const clear = () => {
    const empty = { person: '', kind: '', from: '', to: '' };
    setDraft(empty);
    onApply(empty);
  };
  return (
    <form
      className={`${card} mb-6 grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 lg:grid-cols-5`}
      onSubmit={submit}
      aria-label={copy.filtersTitle}
    >
      <LabelledInput
        id="activity-person"
        label={copy.person}
        value={draft.person}
        onChange={set('person')}
        placeholder={copy.personHint}
        maxLength={254}
      />
      <div>
        <label htmlFor="activity-kind" className={label}>
          {copy.kind}
        </label>
        <select id="activity-kind" className={input} value={draft.kind} onChange={set('kind')}>
          <option value="">{copy.allKinds}</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {auditKindLabels[kind]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="activity-from" className={label}>
          {copy.from}
        </label>
        <input id="activity-from" type="date" className={input} value={draft.from} onChange={set('from')} max={draft.to || undefined} />
      </div>
      <div>
        <label htmlFor="activity-to" className={label}>
          {copy.to}
        </label>
        <input id="activity-to" type="date" className={input} value={draft.to} onChange={set('to')} min={draft.from || undefined} />
      </div>
      <div className="flex items-end gap-2">
        <button type="submit" className={btn.primary}>
          {copy.apply}
        </button>
        <button type="button" className={btn.secondary} onClick={clear}>
          {copy.clear}
        </button>
      </div>
    </form>
  );
}

/** The page the address names: its filters, and `cursor` (absent on the first page). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { page: await loadReply<AuditPageReply>(query(filtersOf(params), params.get('cursor')), copy.loadFailed) };
}

/** The cursors of the newer pages walked through to this one (the history entry keeps them, for Newer and the page number). */
interface PagesState {
  newer: (string | null)[];
}

export default function Activity() {
  const { page } = useLoaderData<typeof clientLoader>();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filters = filtersOf(params);
  const filtered = FILTERS.some((name) => filters[name]);
  const cursor = params.get('cursor');
  // a page opened from its address alone: Newer goes to the first page
  const newer = (location.state as PagesState | null)?.newer ?? (cursor ? [null] : []);
  const pageNumber = newer.length + 1;

  const apply = (next: Filters) => {
    const search = new URLSearchParams();
    for (const name of FILTERS) if (next[name]) search.set(name, next[name]);
    setParams(search);
  };
  /** Another page of the same filters (`to`: its cursor, null for the first). */
  const turnTo = (to: string | null, state: PagesState) => {
    const search = new URLSearchParams(params);
    if (to) search.set('cursor', to);
    else search.delete('cursor');
    navigate({ search: `?${search}` }, { state });
  };

  return (
    <div>
      <PageHeader title={copy.title} subtitle={copy.intro} />
      {/* remounted when the address changes (back/forward), so the form shows the filters in force */}
      <FilterForm filters={filters} onApply={apply} />
      <AdminDataView loaded={page}>
        {({ data: { entries, next } }) =>
          entries.length === 0 && pageNumber === 1 ? (
            <EmptyState message={filtered ? copy.emptyFiltered : copy.empty} />
          ) : (
            <>
              <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
                <table className="min-w-full divide-y divide-gray-200 text-sm">
                  <caption className="sr-only">{copy.tableCaption}</caption>
                  <TableHead headings={Object.values(copy.columns)} />
                  <tbody className="divide-y divide-gray-100">
                    {entries.map((entry) => (
                      <EntryRow key={entry._id} entry={entry} />
                    ))}
                  </tbody>
                </table>
              </div>
              <nav className="mt-4 flex items-center justify-between gap-2" aria-label={copy.pagination}>
                <button
                  type="button"
                  className={btn.secondary}
                  disabled={pageNumber === 1}
                  onClick={() => turnTo(newer[newer.length - 1] ?? null, { newer: newer.slice(0, -1) })}
                >
                  <ChevronLeft className="h-4 w-4" aria-hidden />
                  {copy.newer}
                </button>
                <span className="text-sm text-gray-700" aria-live="polite">
                  {copy.page(pageNumber)}
                </span>
                <button
                  type="button"
                  className={btn.secondary}
                  disabled={!next}
                  onClick={() => next && turnTo(next, { newer: [...newer, cursor] })}
                >
                  {copy.older}
                  <ChevronRight className="h-4 w-4" aria-hidden />
                </button>
              </nav>
            </>
          )
        }
      </AdminDataView>
    </div>
  );
}
