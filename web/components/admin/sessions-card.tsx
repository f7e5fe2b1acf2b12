/** The account screen's sessions: one's own, where and when, ended one by one or all but this one at once. */
import { useFetcher } from 'react-router';
import { sessionsCopy as copy, TOAST_LONG_MS } from '../../../shared/copy/admin';
import type { MessageReply } from '../../../shared/replies';
import type { RevokeOthersReply, SessionListReply } from '../../../shared/sessions';
import { apiJson } from '../../lib/admin/api';
import { loadReply, runWrite, type Loaded } from '../../lib/admin/screen-data';
import { btn, card } from './classes';
import { AdminDataView } from './admin-data';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { readableDateTime } from '../../../shared/site-time';

/** For the account screen's loader. */
export const loadSessions = () => loadReply<SessionListReply>('/admins/sessions', copy.loadFailed);

/** Ends one session (its id), or all but this one ('others'): the account screen's action runs it. */
export interface EndSession {
  intent: 'end-session';
  target: string;
}

export function endSession({ target }: EndSession) {
  const path = target === 'others' ? '/admins/sessions/revoke-others' : `/admins/sessions/${encodeURIComponent(target)}`;
  return runWrite(() => apiJson<MessageReply | RevokeOthersReply>(path, { method: target === 'others' ? 'POST' : 'DELETE' }), {
    success: (reply) => reply.message,
    duration: TOAST_LONG_MS,
  });
}

const formatWhen = (iso: string, timeZone: string) => readableDateTime(new Date(iso), timeZone);

export function SessionsCard({ sessions }: { sessions: Loaded<SessionListReply> }) {
  const { timeZone } = useAdminLimits();
  const fetcher = useFetcher();
  // the session being ended ('others' for all but this one) until the list is read again, or null
  const ending = fetcher.state === 'idle' ? null : ((fetcher.json as EndSession | undefined)?.target ?? null);
  const end = (target: string) => {
    const intent: EndSession = { intent: 'end-session', target };
    void fetcher.submit({ ...intent }, { method: 'post', encType: 'application/json' });
  };

  return (
    <section className={`${card} p-5`} aria-labelledby="sessions">
      <h2 id="sessions" className="mb-1 text-lg font-semibold">
        {copy.title}
      </h2>
      <p className="mb-4 text-sm text-gray-600">{copy.intro}</p>
      <AdminDataView loaded={sessions}>
        {({ data: rows }) => (
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
                      {session.address || copy.unknownAddress} · {copy.started(formatWhen(session.startedAt, timeZone))},{' '}
                      {copy.lastSeen(formatWhen(session.lastSeenAt, timeZone))}
                    </span>
                  </span>
                  {session.current ? null : (
                    <button
                      type="button"
                      className={btn.smallDelete}
                      aria-label={copy.endLabel(session.device, formatWhen(session.startedAt, timeZone))}
                      disabled={ending !== null}
                      onClick={() => end(session._id)}
                    >
                      {ending === session._id ? copy.ending : copy.end}
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {rows.some((session) => !session.current) ? (
              <div className="flex justify-end">
                <button type="button" className={btn.secondary} disabled={ending !== null} onClick={() => end('others')}>
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
