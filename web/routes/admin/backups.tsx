/** Backups: what an archive of the site holds, when the last one was taken, and its download. */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { describeCounts, formatBytes, type BackupSummary, type BackupSummaryReply } from '../../../shared/backup';
import { readableDateTime } from '../../../shared/site-time';
import { TOAST_LONG_MS, backupCopy as copy } from '../../../shared/copy/admin';
import { btn, card } from '../../components/admin/classes';
import { AdminDataView } from '../../components/admin/admin-data';
import { ReauthDialog } from '../../components/admin/reauth-dialog';
import { PageHeader } from '../../components/admin/ui';
import { downloadFile, errorText } from '../../lib/admin/api';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { useAdminMe } from '../../lib/admin/me';
import { loadReply } from '../../lib/admin/screen-data';

function Holds({ summary }: { summary: BackupSummary }) {
  const { current } = summary;
  const rows: [string, string][] = [
    [copy.holds.records, String(current.records)],
    [copy.holds.messages, String(current.messages)],
    [copy.holds.admins, String(current.admins)],
    [copy.holds.auditEvents, String(current.auditEvents)],
    [copy.holds.images, copy.imagesValue(current.images, formatBytes(current.imageBytes))],
  ];
  return (
    <section className={`${card} p-5`} aria-labelledby="backup-holds">
      <h2 id="backup-holds" className="mb-4 text-lg font-semibold">
        {copy.holdsTitle}
      </h2>
      <dl className="divide-y divide-gray-100 rounded-lg border border-gray-200 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4 px-4 py-2.5">
            <dt className="text-gray-700">{term}</dt>
            <dd className="font-semibold text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-gray-600">{copy.leftOut}</p>
    </section>
  );
}

function LastBackup({ summary }: { summary: BackupSummary }) {
  const { timeZone } = useAdminLimits();
  const last = summary.lastBackup;
  return (
    <section className={`${card} p-5`} aria-labelledby="backup-last">
      <h2 id="backup-last" className="mb-4 text-lg font-semibold">
        {copy.lastTitle}
      </h2>
      {last ? (
        <div className="space-y-1 text-sm">
          <p className="font-medium text-gray-900">
            <time dateTime={last.takenAt}>{copy.lastTaken(readableDateTime(new Date(last.takenAt), timeZone), copy.via[last.via])}</time>
          </p>
          <p className="text-gray-700">{copy.lastHeld(describeCounts(last.counts), formatBytes(last.archiveBytes))}</p>
        </div>
      ) : (
        <p className="text-sm text-gray-700">{copy.never}</p>
      )}
      <h2 className="mb-2 mt-6 text-lg font-semibold">{copy.restoreTitle}</h2>
      <p className="text-sm text-gray-700">{copy.restoreIntro}</p>
      <code className="my-2 block rounded-lg bg-gray-100 px-3 py-2 font-mono text-sm text-gray-900">{copy.restoreCommand}</code>
      <p className="text-sm text-gray-700">{copy.restoreAfter}</p>
    </section>
  );
}

export async function clientLoader() {
  return { summary: await loadReply<BackupSummaryReply>('/backup/summary', copy.loadFailed) };
}

export default function Backups() {
  const { summary } = useLoaderData<typeof clientLoader>();
  // a download is no JSON write: it streams with its progress, then the summary (its last backup) is read again
  const revalidator = useRevalidator();
  const [received, setReceived] = useState<number | null>(null);
  const [downloadError, setDownloadError] = useState('');
  // a download asks for the password (and code) again first
  const [confirming, setConfirming] = useState(false);
  const { twoFactor } = useAdminMe();

  const download = async (stepUp: Record<string, string>) => {
    setConfirming(false);
    setReceived(0);
    setDownloadError('');
    try {
      const fileName = await downloadFile('/backup', setReceived, { fallback: copy.downloadFailed, cutShort: copy.cutShort }, stepUp);
      toast.success(copy.downloaded(fileName), { duration: TOAST_LONG_MS });
      await revalidator.revalidate();
    } catch (failure) {
      setDownloadError(errorText(failure, copy.downloadFailed));
    } finally {
      setReceived(null);
    }
  };

  const busy = received !== null;
  return (
    <div>
      <PageHeader title={copy.title} subtitle={copy.intro}>
        <button
          type="button"
          className={btn.primary}
          onClick={() => setConfirming(true)}
          disabled={busy || !summary.reply}
          aria-busy={busy}
        >
          <Download className="h-4 w-4" aria-hidden />
          <span aria-live="polite">{busy ? copy.downloading(formatBytes(received)) : copy.download}</span>
        </button>
      </PageHeader>
      {downloadError ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {downloadError}
        </p>
      ) : null}
      {confirming ? <ReauthDialog twoFactor={twoFactor} onConfirmed={download} onCancel={() => setConfirming(false)} /> : null}
      <AdminDataView loaded={summary}>
        {({ data }) => (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Holds summary={data} />
            <LastBackup summary={data} />
          </div>
        )}
      </AdminDataView>
    </div>
  );
}
