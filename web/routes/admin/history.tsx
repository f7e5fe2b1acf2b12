/**
 * History of one content item, the About content (`/admin/history/about/-`) or the Site settings
 * (`/admin/history/site-settings/-`): its versions, two compared field by field, and Restore with a confirmation
 * (docs/decisions/0038). The comparison's versions are in the address (`?from=&to=`), so a comparison can be shared.
 */
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, useFetcher, useLoaderData } from 'react-router';
import { draftCopy, historyCopy as copy } from '../../../shared/copy/admin';
import type { CompareReply, ListedVersion, VersionListReply, VersionSummary } from '../../../shared/history';
import { resources, RESOURCE_KEYS } from '../../../shared/resources';
import { readableDateTime } from '../../../shared/site-time';
import { isOneOf } from '../../../shared/narrow';
import { AdminDataView } from '../../components/admin/admin-data';
import { btn, card, input, label } from '../../components/admin/classes';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { FieldDifference } from '../../components/admin/field-difference';
import { EmptyState, PageHeader, TableHead } from '../../components/admin/ui';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { apiJson } from '../../lib/admin/api';
import { loadReply, runWrite, submitted, type Loaded } from '../../lib/admin/screen-data';
import type { Route } from './+types/history';

/** Where a history's API and screen are: a resource's item, or one of the two documents. */
function historyOf(resource: string, id: string): { api: string; back: string; titleField: string | null; fixedName: string | null } {
  if (resource === 'about') return { api: '/about-content', back: '/admin/about', titleField: null, fixedName: copy.aboutName };
  if (resource === 'site-settings')
    return { api: '/site-settings', back: '/admin/settings', titleField: null, fixedName: copy.settingsName };
  if (!isOneOf(RESOURCE_KEYS, resource)) {
    // no such history: the API's 404 is shown, with the way back to the dashboard
    return { api: `/${encodeURIComponent(resource)}/${encodeURIComponent(id)}`, back: '/admin/dashboard', titleField: null, fixedName: '' };
  }
  const def = resources[resource];
  return { api: `/${def.path}/${encodeURIComponent(id)}`, back: def.admin.path, titleField: def.titleField, fixedName: null };
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const target = historyOf(params.resource, params.id);
  const query = new URL(request.url).searchParams;
  const before = query.get('before');
  const from = query.get('from');
  const to = query.get('to');
  const [versions, compared] = await Promise.all([
    loadReply<VersionListReply>(
      `${target.api}/versions?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      copy.fetchFailed,
    ),
    from && to
      ? loadReply<CompareReply>(
          `${target.api}/versions/compare?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
          copy.compareFailed,
        )
      : Promise.resolve(null),
  ]);
  const newest = versions.reply?.data.versions[0];
  const name = target.fixedName ?? (newest && target.titleField ? await nameOf(target.api, newest.number, target.titleField) : '');
  return { versions, compared, name, back: target.back, from, to };
}

/** The item's name as its newest version has it. */
async function nameOf(api: string, number: number, titleField: string): Promise<string> {
  try {
    const reply = await apiJson<{ data: { snapshot: Record<string, unknown> } }>(`${api}/versions/${number}`);
    return String(reply.data.snapshot[titleField] ?? '');
  } catch {
    return '';
  }
}

interface RestoreIntent {
  number: number;
  /** A draft: the live version stays (docs/decisions/0039). */
  as?: 'published' | 'draft';
}

export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const { number, as = 'published' } = await submitted<RestoreIntent>(request);
  const target = historyOf(params.resource, params.id);
  return runWrite(() => apiJson(`${target.api}/versions/${number}/restore`, { method: 'POST', body: { as } }), {
    success: () => (as === 'draft' ? draftCopy.restoredAsDraft(number) : copy.restored(number)),
  });
}

export default function History() {
  const { versions, compared, name, back, from, to } = useLoaderData<typeof clientLoader>();
  const { timeZone } = useAdminLimits();
  const fetcher = useFetcher();
  const [confirming, setConfirming] = useState<number | null>(null);
  const busy = fetcher.state !== 'idle';
  const when = (version: VersionSummary) => readableDateTime(new Date(version.at), timeZone);
  const restore = (number: number, as: RestoreIntent['as'] = 'published') => {
    const intent: RestoreIntent = { number, as };
    void fetcher.submit({ ...intent }, { method: 'post', encType: 'application/json' });
    setConfirming(null);
  };

  return (
    <div>
      <PageHeader title={copy.title(name)} subtitle={copy.subtitleGeneric}>
        <Link to={back} className={btn.secondary}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {copy.back}
        </Link>
      </PageHeader>
      <AdminDataView loaded={versions}>
        {(reply) => {
          const list = reply.data.versions;
          if (list.length === 0) return <EmptyState message={copy.empty} />;
          const defaultFrom = from ?? String(list[1]?.number ?? list[0].number);
          const defaultTo = to ?? String(list[0].number);
          return (
            <div className="space-y-6">
              <section aria-labelledby="compare-heading" className={`${card} p-4`}>
                <h2 id="compare-heading" className="text-lg font-semibold text-gray-900">
                  {copy.compareHeading}
                </h2>
                <Form method="get" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
                  <div className="sm:w-64">
                    <label htmlFor="history-from" className={label}>
                      {copy.from}
                    </label>
                    <select id="history-from" name="from" defaultValue={defaultFrom} className={input}>
                      {list.map((version) => (
                        <option key={version.number} value={version.number}>
                          {copy.versionOption(version.number, when(version))}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="sm:w-64">
                    <label htmlFor="history-to" className={label}>
                      {copy.to}
                    </label>
                    <select id="history-to" name="to" defaultValue={defaultTo} className={input}>
                      {list.map((version) => (
                        <option key={version.number} value={version.number}>
                          {copy.versionOption(version.number, when(version))}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" className={btn.primary}>
                    {copy.compare}
                  </button>
                </Form>
                {compared ? <Comparison loaded={compared} /> : null}
              </section>
              <VersionTable
                versions={list}
                when={when}
                busy={busy}
                onRestore={setConfirming}
                onRestoreAsDraft={(number) => restore(number, 'draft')}
              />
              {reply.data.next !== null ? (
                <Link to={`?before=${reply.data.next}`} className={btn.secondary}>
                  {copy.more}
                </Link>
              ) : null}
            </div>
          );
        }}
      </AdminDataView>
      {confirming !== null ? (
        <ConfirmDialog
          title={copy.restoreTitle}
          message={copy.restoreMessage(confirming)}
          confirmLabel={copy.restore}
          busyLabel={copy.restoring}
          busy={busy}
          onConfirm={() => restore(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}

function VersionTable({
  versions,
  when,
  busy,
  onRestore,
  onRestoreAsDraft,
}: {
  versions: ListedVersion[];
  when: (version: VersionSummary) => string;
  busy: boolean;
  onRestore: (number: number) => void;
  /** No confirmation: nothing visitors see changes. */
  onRestoreAsDraft: (number: number) => void;
}) {
  return (
    <div className={`${card} md:overflow-x-auto`}>
      <table className="block min-w-full text-sm md:table md:divide-y md:divide-gray-200">
        <caption className="sr-only">{copy.versionsCaption}</caption>
        <TableHead
          stacked
          headings={[
            copy.columns.number,
            copy.columns.what,
            copy.columns.who,
            copy.columns.when,
            copy.columns.changed,
            { srOnly: copy.restore },
          ]}
        />
        <tbody className="block divide-y divide-gray-200 md:table-row-group md:divide-gray-100">
          {versions.map((version) => (
            <tr key={version.number} className="block py-2 md:table-row md:py-0">
              <td className="block px-4 py-1 font-medium text-gray-900 md:table-cell md:py-3">
                <span className="md:sr-only">{copy.columns.number} </span>
                {version.number}
                {version.current ? (
                  <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{copy.current}</span>
                ) : null}
                {version.status === 'draft' ? (
                  <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{copy.draft}</span>
                ) : null}
              </td>
              <td className="block px-4 py-1 text-gray-800 md:table-cell md:py-3">
                {version.event === 'version-restored' && version.restoredFrom !== null
                  ? copy.restoredFrom(version.restoredFrom)
                  : copy.events[version.event]}
              </td>
              <td className="block px-4 py-1 text-gray-800 md:table-cell md:py-3">{version.author.name ?? copy.system}</td>
              <td className="block px-4 py-1 text-gray-800 md:table-cell md:py-3">{when(version)}</td>
              <td className="block px-4 py-1 text-gray-700 md:table-cell md:py-3">
                {version.changedLabels.length > 0 ? version.changedLabels.join(', ') : copy.nothingChanged}
              </td>
              <td className="block whitespace-nowrap px-4 py-2 md:table-cell md:py-3 md:text-right">
                {version.current ? null : (
                  <button
                    type="button"
                    className={btn.smallEdit}
                    disabled={busy}
                    onClick={() => onRestore(version.number)}
                    aria-label={copy.restoreLabel(version.number)}
                  >
                    <RotateCcw className="h-4 w-4" aria-hidden />
                    {copy.restore}
                  </button>
                )}
                {version.current ? null : (
                  <button
                    type="button"
                    className={`${btn.smallEdit} ml-1`}
                    disabled={busy}
                    onClick={() => onRestoreAsDraft(version.number)}
                    aria-label={draftCopy.asDraftLabel(version.number)}
                  >
                    {draftCopy.asDraft}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Comparison({ loaded }: { loaded: Loaded<CompareReply> }) {
  return (
    <AdminDataView loaded={loaded}>
      {(reply) => {
        const { from, to, fields } = reply.data;
        const changed = fields.filter((field) => field.changed);
        const unchanged = fields.filter((field) => !field.changed);
        return (
          <div className="mt-4">
            <h3 className="font-semibold text-gray-900">{copy.comparing(from.number, to.number)}</h3>
            <p className="mt-1 text-sm text-gray-700">{copy.legend}</p>
            {changed.length === 0 ? <p className="mt-3 text-gray-700">{copy.nothingChanged}</p> : null}
            <dl className="mt-3 divide-y divide-gray-100">
              {changed.map((field) => (
                <div key={field.field} className="py-3">
                  <dt className="text-sm font-semibold text-gray-800">{field.label}</dt>
                  <dd className="mt-1">
                    <FieldDifference field={field} />
                  </dd>
                </div>
              ))}
            </dl>
            {unchanged.length > 0 ? (
              <p className="mt-2 text-sm text-gray-700">
                {copy.unchanged}: {unchanged.map((field) => field.label).join(', ')}
              </p>
            ) : null}
          </div>
        );
      }}
    </AdminDataView>
  );
}
