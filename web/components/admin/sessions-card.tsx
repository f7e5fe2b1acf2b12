/** The account screen's sessions: one's own, where and when, ended one by one or all but this one at once. */
import { useState } from 'react';
import { toast } from 'sonner';
import { commonCopy, sessionsCopy as copy, TOAST_LONG_MS } from '../../../shared/copy/admin';
import { apiJson, errorText } from '../../lib/admin/api';
import { btn, card } from './classes';
import { AdminDataView, useAdminData } from './admin-data';

interface SessionRow {
  _id: string;
  device: string;
  address: string;
  startedAt: string;
  lastSeenAt: string;
  current: boolean;
}

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

export function SessionsCard() {
  const sessions = useAdminData<SessionRow[]>('/admins/sessions', copy.loadFailed);
  // the session being ended ('others' for all but this one), or null
  const [ending, setEnding] = useState<string | null>(null);

  const end = async (target: string) => {
    setEnding(target);
    try {
      const path = target === 'others' ? '/admins/sessions/revoke-others' : `/admins/sessions/${encodeURIComponent(target)}`;
      const reply = await apiJson<{ message: string }>(path, { method: target === 'others' ? 'POST' : 'DELETE' });
      toast.success(reply.message, { duration: TOAST_LONG_MS });
      await sessions.reload();
    } catch (failure) {
      toast.error(errorText(failure, commonCopy.somethingWrong), { duration: TOAST_LONG_MS });
    } finally {
      setEnding(null);
    }
  };

  return (
    <section className={`${card} p-5`} aria-labelledby="sessions">
      <h2 id="sessions" className="mb-1 text-lg font-semibold">
        {copy.title}
      </h2>
      <p className="mb-4 text-sm text-gray-600">{copy.intro}</p>
      <AdminDataView loaded={sessions}>
        {(rows) => (
          <>
            <ul className="mb-4 divide-y divide-gray-100 rounded-lg border border-gray-200">
              {rows.map((session) => (
                <li key={session._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{session.device}</span>{' '}
                    {session.current ? (
                      <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-800">{copy.thisDevice}</span>
                    ) : null}
                    <span className="block text-xs text-gray-600">
                      {session.address || copy.unknownAddress} · {copy.started(formatWhen(session.startedAt))},{' '}
                      {copy.lastSeen(formatWhen(session.lastSeenAt))}
                    </span>
                  </span>
                  {session.current ? null : (
                    <button
                      type="button"
                      className={btn.smallDelete}
                      aria-label={copy.endLabel(session.device, formatWhen(session.startedAt))}
                      disabled={ending !== null}
                      onClick={() => void end(session._id)}
                    >
                      {ending === session._id ? copy.ending : copy.end}
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {rows.some((session) => !session.current) ? (
              <div className="flex justify-end">
                <button type="button" className={btn.secondary} disabled={ending !== null} onClick={() => void end('others')}>
                  {ending === 'others' ? copy.endingOthers : copy.endOthers}
                </button>
              </div>
            ) : null}
          </>
        )}
      </AdminDataView>
    </section>
  );
}
