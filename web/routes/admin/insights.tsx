/**
 * Insights (issue 26): for a chosen period, what visitors read (content area: GET /api/visits) and what brings
 * enquiries (enquiries area: GET /api/insights/enquiries); each chart has its table, and leads download as CSV.
 */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useLoaderData, useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../../shared/copy/admin';
import { insightsCopy as copy } from '../../../shared/copy/insights';
import { formatInZone } from '../../../shared/site-time';
import type { EnquiryInsights, EnquiryInsightsReply } from '../../../shared/insights';
import type { VisitsReply } from '../../../shared/visits';
import { AdminDataView } from '../../components/admin/admin-data';
import { ChartCard } from '../../components/admin/chart-card';
import { btn, card, input, label } from '../../components/admin/classes';
import { PageHeader } from '../../components/admin/ui';
import { downloadFile } from '../../lib/admin/api';
import { signedInAccount } from '../../lib/admin/auth';
import { loadReply, runWrite } from '../../lib/admin/screen-data';
import type { Route } from './+types/insights';

const DEFAULT_DAYS = 30;
// drawn in the admin's own colours; axis text dark enough to read
const COLOURS = { views: '#c2410c', visitors: '#1d4ed8', enquiries: '#15803d' };
const TICK = { fill: '#374151', fontSize: 12 };

const daysAsked = (url: URL) => {
  const days = Number(url.searchParams.get('days'));
  return copy.periods.some((period) => period.days === days) ? days : DEFAULT_DAYS;
};

/** Only what the account's areas open: the visits for content, the enquiries for enquiries. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const days = daysAsked(new URL(request.url));
  const permissions = (await signedInAccount())?.permissions ?? [];
  const [visits, enquiries] = await Promise.all([
    permissions.includes('content') ? loadReply<VisitsReply>(`/visits?days=${days}`, copy.visitsLoadFailed) : null,
    permissions.includes('enquiries')
      ? loadReply<EnquiryInsightsReply>(`/insights/enquiries?days=${days}`, copy.enquiriesLoadFailed)
      : null,
  ]);
  return { days, visits, enquiries };
}

/** "2031-03-02" as "2 Mar". */
const shortDay = (day: string) => formatInZone(new Date(`${day}T00:00:00Z`), 'UTC', { day: 'numeric', month: 'short' });
const countOf = (data: EnquiryInsights, stage: EnquiryInsights['stages'][number]['stage']) =>
  data.stages.find((row) => row.stage === stage)?.enquiries ?? 0;
const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);

function Total({ label: name, value }: { label: string; value: string }) {
  return (
    <div className={`${card} p-4`}>
      <p className="text-sm text-gray-700">{name}</p>
      <p className="mt-1 text-2xl font-bold text-gray-900">{value}</p>
    </div>
  );
}

/** A top list as horizontal bars (its first 10), most first. */
function TopBars({ bars, colour }: { bars: { name: string; value: number }[]; colour: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={bars.slice(0, 10)} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={TICK} />
        <YAxis type="category" dataKey="name" width={130} tick={TICK} interval={0} />
        <Tooltip />
        <Bar dataKey="value" fill={colour} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

function Visits({ data }: { data: VisitsReply['data'] }) {
  const views = data.days.reduce((sum, day) => sum + day.views, 0);
  const visitors = data.days.reduce((sum, day) => sum + day.visitors, 0);
  const days = data.days.map((day) => ({ ...day, label: shortDay(day.day) }));
  const campaigns = data.campaigns.map((row) => ({
    ...row,
    name: [row.source, row.medium, row.campaign].filter(Boolean).join(' / ') || copy.noCampaign,
  }));
  return (
    <section aria-labelledby="visits-title" className="space-y-4">
      <h2 id="visits-title" className="text-lg font-semibold text-gray-900">
        {copy.visitsTitle}
      </h2>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Total label={copy.totals.views} value={formatCount(views)} />
        <Total label={copy.totals.visitors} value={formatCount(visitors)} />
      </div>
      <ChartCard
        title={copy.charts.perDay}
        rows={views ? days : []}
        rowKey={(row) => row.day}
        columns={[
          { label: copy.columns.day, value: (row) => row.day },
          { label: copy.columns.views, value: (row) => row.views },
          { label: copy.columns.visitors, value: (row) => row.visitors },
        ]}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={days} margin={{ right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={TICK} minTickGap={16} />
            <YAxis allowDecimals={false} tick={TICK} width={40} />
            <Tooltip />
            <Legend />
            <Line type="monotone" dataKey="views" name={copy.columns.views} stroke={COLOURS.views} dot={false} isAnimationActive={false} />
            <Line
              type="monotone"
              dataKey="visitors"
              name={copy.columns.visitors}
              stroke={COLOURS.visitors}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
      <div className="grid gap-4 xl:grid-cols-3">
        <ChartCard
          title={copy.charts.pages}
          rows={data.pages}
          rowKey={(row) => row.path}
          columns={[
            { label: copy.columns.page, value: (row) => row.path },
            { label: copy.columns.views, value: (row) => row.views },
          ]}
        >
          <TopBars bars={data.pages.map((row) => ({ name: row.path, value: row.views }))} colour={COLOURS.views} />
        </ChartCard>
        <ChartCard
          title={copy.charts.referrers}
          rows={data.referrers}
          rowKey={(row) => row.host}
          columns={[
            { label: copy.columns.host, value: (row) => row.host },
            { label: copy.columns.views, value: (row) => row.views },
          ]}
        >
          <TopBars bars={data.referrers.map((row) => ({ name: row.host, value: row.views }))} colour={COLOURS.views} />
        </ChartCard>
        <ChartCard
          title={copy.charts.campaigns}
          rows={campaigns}
          rowKey={(row) => row.name}
          columns={[
            { label: copy.columns.campaign, value: (row) => row.name },
            { label: copy.columns.views, value: (row) => row.views },
          ]}
        >
          <TopBars bars={campaigns.map((row) => ({ name: row.name, value: row.views }))} colour={COLOURS.views} />
        </ChartCard>
      </div>
    </section>
  );
}

function Enquiries({ data, views }: { data: EnquiryInsights; views: number | null }) {
  const [exporting, setExporting] = useState(false);
  const days = data.days.map((day) => ({ ...day, label: shortDay(day.day) }));
  async function exportLeads() {
    setExporting(true);
    await runWrite(() => downloadFile('/user/export', () => undefined, { fallback: copy.exportFailed, cutShort: copy.exportCutShort }), {
      success: (fileName) => copy.exported(fileName),
      fallback: copy.exportFailed,
    });
    setExporting(false);
  }
  return (
    <section aria-labelledby="enquiries-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="enquiries-title" className="text-lg font-semibold text-gray-900">
          {copy.enquiriesTitle}
        </h2>
        <button type="button" className={btn.secondary} onClick={() => void exportLeads()} disabled={exporting}>
          <Download className="h-4 w-4" aria-hidden />
          {copy.exportLeads}
        </button>
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Total label={copy.totals.enquiries} value={formatCount(data.total)} />
        {views ? <Total label={copy.totals.conversion} value={((data.total / views) * 100).toFixed(2)} /> : null}
        <Total label={copy.totals.won} value={String(countOf(data, 'Won'))} />
        <Total label={copy.totals.lost} value={String(countOf(data, 'Lost'))} />
        <Total label={copy.totals.firstContact} value={copy.duration(data.firstContact.medianMinutes)} />
      </div>
      <ChartCard
        title={copy.charts.stages}
        rows={data.total ? data.stages : []}
        rowKey={(row) => row.stage}
        columns={[
          { label: copy.columns.stage, value: (row) => row.stage },
          { label: copy.columns.enquiries, value: (row) => row.enquiries },
        ]}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data.stages} margin={{ right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="stage" tick={TICK} interval={0} />
            <YAxis allowDecimals={false} tick={TICK} width={40} />
            <Tooltip />
            <Bar dataKey="enquiries" name={copy.columns.enquiries} fill={COLOURS.enquiries} maxBarSize={48} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title={copy.charts.enquiriesPerDay}
        rows={data.total ? days : []}
        rowKey={(row) => row.day}
        columns={[
          { label: copy.columns.day, value: (row) => row.day },
          { label: copy.columns.enquiries, value: (row) => row.enquiries },
        ]}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={days} margin={{ right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={TICK} minTickGap={16} />
            <YAxis allowDecimals={false} tick={TICK} width={40} />
            <Tooltip />
            <Bar dataKey="enquiries" name={copy.columns.enquiries} fill={COLOURS.enquiries} maxBarSize={28} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard
          title={copy.charts.sources}
          rows={data.sources}
          rowKey={(row) => row.source}
          columns={[
            { label: copy.columns.source, value: (row) => row.source },
            { label: copy.columns.enquiries, value: (row) => row.enquiries },
          ]}
        >
          <TopBars bars={data.sources.map((row) => ({ name: row.source, value: row.enquiries }))} colour={COLOURS.enquiries} />
        </ChartCard>
        <ChartCard
          title={copy.charts.projects}
          rows={data.projects}
          rowKey={(row) => row.projectId}
          columns={[
            { label: copy.columns.project, value: (row) => row.title },
            { label: copy.columns.enquiries, value: (row) => row.enquiries },
          ]}
        >
          <TopBars bars={data.projects.map((row) => ({ name: row.title, value: row.enquiries }))} colour={COLOURS.enquiries} />
        </ChartCard>
      </div>
      <ChartCard
        title={copy.charts.conversion}
        rows={data.pages}
        rowKey={(row) => row.path}
        columns={[
          { label: copy.columns.page, value: (row) => row.path },
          { label: copy.columns.views, value: (row) => row.views },
          { label: copy.columns.enquiries, value: (row) => row.enquiries },
          { label: copy.columns.conversion, value: (row) => percent(row.conversion) },
        ]}
      >
        <TopBars bars={data.pages.map((row) => ({ name: row.path, value: (row.conversion ?? 0) * 100 }))} colour={COLOURS.enquiries} />
      </ChartCard>
    </section>
  );
}

export default function InsightsScreen() {
  const { days, visits, enquiries } = useLoaderData<typeof clientLoader>();
  const [, setParams] = useSearchParams();
  const views = visits?.reply ? visits.reply.data.days.reduce((sum, day) => sum + day.views, 0) : null;
  return (
    <div className="space-y-8">
      <PageHeader title={copy.title} subtitle={copy.subtitle}>
        <div>
          <label htmlFor="insights-period" className={label}>
            {copy.period}
          </label>
          <select id="insights-period" className={input} value={days} onChange={(event) => setParams({ days: event.target.value })}>
            {copy.periods.map((period) => (
              <option key={period.days} value={period.days}>
                {period.label}
              </option>
            ))}
          </select>
        </div>
      </PageHeader>
      {visits ? <AdminDataView loaded={visits}>{(reply) => <Visits data={reply.data} />}</AdminDataView> : null}
      {enquiries ? <AdminDataView loaded={enquiries}>{(reply) => <Enquiries data={reply.data} views={views} />}</AdminDataView> : null}
    </div>
  );
}
