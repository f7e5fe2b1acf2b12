/** Dashboard: real counts of clients, gallery items, projects and New contact messages. */
import { Activity, ArrowRight, Building2, Images, Mail, UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dashboardCopy } from '../../../shared/copy/admin';
import { resources } from '../../../shared/resources';
import { isAdminOnlyPath } from '../../../shared/roles';
import { card } from '../../components/admin/classes';
import { PageHeader } from '../../components/admin/ui';
import { listRecords } from '../../lib/admin/api';
import { fetchInboxCounts } from '../../lib/admin/inbox-counts';
import { useAdminMe } from '../../lib/admin/me';

type Counts = Record<(typeof dashboardCopy.stats)[number]['key'], number>;
const statIcons = { clients: UsersRound, gallery: Images, projects: Building2, contacts: Mail };

/** `messages` false: an Editor, who may not read the enquiries (the card is hidden). */
async function loadCounts(messages: boolean): Promise<Counts> {
  const [clients, gallery, projects, contacts] = await Promise.all([
    listRecords(resources.clients),
    listRecords(resources.gallery),
    listRecords(resources.project),
    // "Pending inquiries": the New messages
    messages ? fetchInboxCounts() : { New: 0 },
  ]);
  return { clients: clients.length, gallery: gallery.length, projects: projects.length, contacts: contacts.New };
}

export default function AdminDashboard() {
  const isAdmin = useAdminMe().role === 'admin';
  // an Editor's dashboard shows only what it can open
  const stats = dashboardCopy.stats.filter((stat) => isAdmin || !isAdminOnlyPath(stat.to));
  const quickActions = dashboardCopy.quickActions.filter((action) => isAdmin || !isAdminOnlyPath(action.to));
  const [counts, setCounts] = useState<Counts | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadCounts(isAdmin)
      .then((value) => live && setCounts(value))
      .catch(() => {
        // counts stay 0, and the admin is told why
        if (!live) return;
        setCounts({ clients: 0, gallery: 0, projects: 0, contacts: 0 });
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [isAdmin]);

  return (
    <div>
      <PageHeader title={dashboardCopy.title} subtitle={dashboardCopy.welcome} />
      {failed ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {dashboardCopy.loadFailed}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {counts === null
          ? stats.map((stat) => (
              <div key={stat.key} data-testid="stat-skeleton" className={`${card} h-32 animate-pulse p-5`} aria-hidden>
                <div className="h-4 w-24 rounded bg-gray-200" />
                <div className="mt-4 h-8 w-16 rounded bg-gray-200" />
                <div className="mt-3 h-3 w-32 rounded bg-gray-200" />
              </div>
            ))
          : stats.map((stat) => {
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
