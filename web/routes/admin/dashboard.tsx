/** Dashboard: real counts of clients, gallery items, projects and New contact messages; what is scheduled next (docs/decisions/0042). */
import { Activity, ArrowRight, Building2, CalendarClock, Images, Mail, UsersRound } from 'lucide-react';
import { Suspense } from 'react';
import { Await, Link, useLoaderData } from 'react-router';
import { dashboardCopy, scheduleCopy } from '../../../shared/copy/admin';
import { resources } from '../../../shared/resources';
import { mayOpen, seesAllEnquiries } from '../../../shared/roles';
import type { UpcomingReply } from '../../../shared/schedules';
import { readableDateTime } from '../../../shared/site-time';
import { card } from '../../components/admin/classes';
import { PageHeader } from '../../components/admin/ui';
import { listRecords } from '../../lib/admin/api';
import { signedInAccount } from '../../lib/admin/auth';
import { fetchInboxCounts } from '../../lib/admin/inbox-counts';
import { useAdminMe } from '../../lib/admin/me';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { loadReply, type Loaded } from '../../lib/admin/screen-data';

type Counts = Record<(typeof dashboardCopy.stats)[number]['key'], number>;
const INBOX_PATH = '/admin/users';
const statIcons = { clients: UsersRound, gallery: Images, projects: Building2, contacts: Mail };

/** Only what the account may read: without content or enquiries, those cards are hidden and nothing is asked for them. */
async function loadCounts(content: boolean, messages: boolean): Promise<Counts> {
  const none = Promise.resolve([]);
  const [clients, gallery, projects, contacts] = await Promise.all([
    content ? listRecords(resources.clients) : none,
    content ? listRecords(resources.gallery) : none,
    content ? listRecords(resources.project) : none,
    // "Pending inquiries": the New messages
    messages ? fetchInboxCounts() : { New: 0 },
  ]);
  return { clients: clients.length, gallery: gallery.length, projects: projects.length, contacts: contacts.New };
}

/** The counts arrive after the screen (its cards wait as skeletons); null when they could not be read. */
export async function clientLoader() {
  const permissions = (await signedInAccount())?.permissions ?? [];
  const content = permissions.includes('content');
  return {
    counts: loadCounts(content, permissions.includes('enquiries')).catch(() => null),
    // what is scheduled next is content's: not asked for without that area
    scheduled: content ? loadReply<UpcomingReply>('/schedules', scheduleCopy.dashboardFailed) : null,
  };
}

/** "Scheduled next": item, action and time on the site's clock, soonest first. */
function ScheduledNext({ loaded }: { loaded: Loaded<UpcomingReply> }) {
  const { timeZone } = useAdminLimits();
  if (loaded.error !== undefined)
    return (
      <p role="alert" className="text-sm text-red-800">
        {loaded.error}
      </p>
    );
  if (loaded.reply.data.length === 0) return <p className="text-sm text-gray-700">{scheduleCopy.dashboardEmpty}</p>;
  return (
    <ul className="space-y-3" data-testid="scheduled-next">
      {loaded.reply.data.map((entry) => (
        <li key={`${entry.resource}-${entry.itemId ?? ''}-${entry.action}`} className="flex items-center gap-3 text-sm text-gray-800">
          <CalendarClock className="h-4 w-4 shrink-0 text-brand-dark" aria-hidden />
          <span>
            <span className="font-medium">{scheduleCopy.actions[entry.action]}</span> {entry.label}
            {entry.label === entry.noun ? '' : ` (${entry.noun})`}
            {' · '}
            <time dateTime={entry.at}>{readableDateTime(new Date(entry.at), timeZone)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function AdminDashboard() {
  const { permissions } = useAdminMe();
  // the dashboard shows only what the account's permissions open; the inbox's cards count every enquiry, so the enquiries area's
  const shown = (to: string) => mayOpen(permissions, to) && (to !== INBOX_PATH || seesAllEnquiries(permissions));
  const stats = dashboardCopy.stats.filter((stat) => shown(stat.to));
  const quickActions = dashboardCopy.quickActions.filter((action) => shown(action.to));
  const { counts, scheduled } = useLoaderData<typeof clientLoader>();

  return (
    <div>
      <PageHeader title={dashboardCopy.title} subtitle={dashboardCopy.welcome} />
      <Suspense
        fallback={
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {stats.map((stat) => (
              <div key={stat.key} data-testid="stat-skeleton" className={`${card} h-32 animate-pulse p-5`} aria-hidden>
                <div className="h-4 w-24 rounded bg-gray-200" />
                <div className="mt-4 h-8 w-16 rounded bg-gray-200" />
                <div className="mt-3 h-3 w-32 rounded bg-gray-200" />
              </div>
            ))}
          </div>
        }
      >
        <Await resolve={counts}>
          {(read) => {
            // counts stay 0 when they could not be read, and the admin is told why
            const counts = read ?? { clients: 0, gallery: 0, projects: 0, contacts: 0 };
            return (
              <>
                {read ? null : (
                  <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
                    {dashboardCopy.loadFailed}
                  </p>
                )}
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
                  {stats.map((stat) => {
                    const Icon = statIcons[stat.key];
                    return (
                      <Link
                        key={stat.key}
                        to={stat.to}
                        className={`${card} block p-5 transition hover:shadow-md`}
                        data-testid={`stat-${stat.key}`}
                      >
                        <div className="flex items-center justify-between">
                          <span className="text-sm font-medium text-gray-700">{stat.label}</span>
                          <Icon className="h-6 w-6 text-brand-dark" aria-hidden />
                        </div>
                        <p className="mt-3 text-3xl font-bold text-gray-900">{counts[stat.key]}</p>
                        <p className="mt-1 text-xs text-gray-600">{stat.caption}</p>
                      </Link>
                    );
                  })}
                </div>
              </>
            );
          }}
        </Await>
      </Suspense>
      {scheduled ? (
        <section className={`${card} mt-8 p-5`}>
          <h2 className="mb-3 text-lg font-semibold">{scheduleCopy.dashboardTitle}</h2>
          <Suspense fallback={<div className="h-12 animate-pulse rounded bg-gray-100" aria-hidden />}>
            <Await resolve={scheduled}>{(loaded) => <ScheduledNext loaded={loaded} />}</Await>
          </Suspense>
        </section>
      ) : null}
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className={`${card} p-5`}>
          <h2 className="mb-3 text-lg font-semibold">{dashboardCopy.quickActionsTitle}</h2>
          <ul className="space-y-2">
            {quickActions.map((action) => (
              <li key={action.label}>
                <Link
                  to={action.to}
                  className="flex items-center justify-between rounded-lg border border-gray-200 px-4 py-3 text-sm font-medium hover:border-brand hover:bg-orange-50"
                >
                  {action.label}
                  <ArrowRight className="h-4 w-4 text-gray-600" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section className={`${card} p-5`}>
          <h2 className="mb-3 text-lg font-semibold">{dashboardCopy.recentTitle}</h2>
          <ul className="space-y-3">
            {dashboardCopy.recent.map((entry) => (
              <li key={entry} className="flex items-center gap-3 text-sm text-gray-800">
                <Activity className="h-4 w-4 text-green-700" aria-hidden />
                {entry}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
