/**
 * Keeps the admin session in step with the admin's work: typing, clicks and keys count as use (a
 * keep-alive call at most about once a minute), a warning comes a minute before the idle end, and when
 * the session ends anyway, signing in again happens in a dialog over the screen, which stays as it was.
 */
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { loginCopy, sessionCopy as copy } from '../../../shared/copy/admin';
import type { KeepAliveReply } from '../../../shared/sessions';
import { logout, postLogin, SAME_ORIGIN_HEADERS } from '../../lib/admin/auth';
import { markSessionEnded, markSessionResumed, useSessionEnded } from '../../lib/admin/session-state';
import { btn } from './classes';
import { LoginSecondStep, secondStepOf, type SecondStep } from './login-second-step';
import { Modal } from './modal';
import { LabelledInput, SignInAlert } from './ui';

const WARN_BEFORE_MS = 60_000;
/** At most one keep-alive a minute (a few per idle period when that is short). */
const KEEP_ALIVE_MAX_MS = 60_000;
const ACTIVITY_EVENTS = ['keydown', 'input', 'pointerdown', 'wheel'] as const;
/** The admin's other tabs share the session cookie, so they share its deadlines too. */
const CHANNEL = 'admin-session';

/** When the session ends, in this browser's clock: unused, and however busy. */
interface Deadlines {
  idleEndsAt: number;
  absoluteEndsAt: number;
  idleMs: number;
}

async function keepAlive(): Promise<Deadlines | 'ended' | null> {
  // counted from the moment of sending, so the deadline is never later than the server's
  const sentAt = Date.now();
  const response = await fetch('/api/admins/session/keepalive', { method: 'POST', headers: SAME_ORIGIN_HEADERS, cache: 'no-store' });
  if (response.status === 401) return 'ended';
  if (!response.ok) return null;
  const body = (await response.json()) as KeepAliveReply;
  return {
    idleEndsAt: sentAt + body.idleSeconds * 1000,
    absoluteEndsAt: sentAt + body.absoluteSeconds * 1000,
    idleMs: body.idleSeconds * 1000,
  };
}

/**
 * This tab's deadlines, in a small store the keeper reads (useSyncExternalStore): its first reader
 * opening the admin is use (a keep-alive, whose reply gives them), and another tab's keep-alive (or
 * sign-in) moves them too; the last reader leaving forgets them.
 */
let current: Deadlines | null = null;
let lastSent = 0;
const readers = new Set<() => void>();
let channel: BroadcastChannel | null = null;
/** Replies of an earlier opening of the admin (left since) are not taken: only the current round's. */
let round = 0;

function adopt(next: Deadlines | null) {
  current = next;
  for (const reader of readers) reader();
}

/** A keep-alive: its reply's deadlines, for this tab and the others. */
async function send() {
  lastSent = Date.now();
  const ofRound = round;
  try {
    const reply = await keepAlive();
    if (ofRound !== round) return;
    if (reply === 'ended') markSessionEnded();
    else if (reply) {
      adopt(reply);
      channel?.postMessage(reply);
    }
  } catch {
    // offline for a moment: the next activity tries again, and the deadline stays the earlier one
  }
}

function subscribe(reader: () => void) {
  readers.add(reader);
  if (readers.size === 1) {
    round += 1;
    // a fresh layout has a live session (it checked): calls left waiting by an earlier one are let go
    markSessionResumed();
    void send();
    if (typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(CHANNEL);
      channel.onmessage = (event: MessageEvent<Deadlines>) => {
        adopt(event.data);
        markSessionResumed();
      };
    }
  }
  return () => {
    readers.delete(reader);
    if (readers.size > 0) return;
    round += 1;
    channel?.close();
    channel = null;
    current = null;
  };
}

export function SessionKeeper({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const ended = useSessionEnded();
  const deadlines = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  // the deadlines the warning was shown for: new ones (a keep-alive here or in another tab) close it
  const [warnedFor, setWarnedFor] = useState<Deadlines | null>(null);
  const warning = deadlines !== null && warnedFor === deadlines;

  // input is use: a keep-alive now, or at the end of the minute when one went out lately
  const idleMs = deadlines?.idleMs;
  useEffect(() => {
    if (ended || warning || !idleMs) return;
    const everyMs = Math.min(KEEP_ALIVE_MAX_MS, idleMs / 4);
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const onActivity = () => {
      const wait = lastSent + everyMs - Date.now();
      if (wait <= 0) void send();
      else
        trailing ??= setTimeout(() => {
          trailing = undefined;
          void send();
        }, wait);
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, { capture: true });
      clearTimeout(trailing);
    };
  }, [ended, warning, idleMs]);

  // the warning before the idle end; at the end the session is ended here too, so no tab outlives it
  useEffect(() => {
    if (!deadlines || ended) return;
    const now = Date.now();
    const timers = [
      setTimeout(
        () => {
          setWarnedFor(null);
          void logout().finally(markSessionEnded);
        },
        Math.min(deadlines.idleEndsAt, deadlines.absoluteEndsAt) - now,
      ),
    ];
    // "Stay signed in" cannot move the absolute end, so it is not offered before it
    if (deadlines.idleEndsAt <= deadlines.absoluteEndsAt)
      timers.push(setTimeout(() => setWarnedFor(deadlines), deadlines.idleEndsAt - warnBefore(deadlines.idleMs) - now));
    return () => timers.forEach(clearTimeout);
  }, [deadlines, ended]);

  if (ended)
    return (
      <SignInAgain
        email={email}
        onSignedIn={() => {
          // the old deadlines have passed: dropped first, or their timer would end the new session
          adopt(null);
          markSessionResumed();
          void send();
        }}
      />
    );
  if (warning && deadlines) {
    const stay = () => void send();
    return (
      <Modal title={copy.warningTitle} role="alertdialog" size="sm" onClose={stay}>
        <p className="text-gray-800">{copy.warning(Math.round(warnBefore(deadlines.idleMs) / 1000))}</p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={btn.secondary} onClick={onSignOut}>
            {copy.signOut}
          </button>
          <button type="button" className={btn.primary} data-autofocus onClick={stay}>
            {copy.stay}
          </button>
        </div>
      </Modal>
    );
  }
  return null;
}

/** A minute, or half the idle period when that is shorter. */
const warnBefore = (idleMs: number) => Math.min(WARN_BEFORE_MS, idleMs / 2);

/** The sign-in again, as on the login page (the same account), with the two-factor step when it has one. */
function SignInAgain({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const [password, setPassword] = useState('');
  const [second, setSecond] = useState<SecondStep | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const answer = await postLogin(email, password);
      if (!answer.ok) setError(answer.body.message || loginCopy.failed);
      else if ('token' in answer.body) return onSignedIn();
      else setSecond(await secondStepOf(answer.body));
    } catch {
      setError(loginCopy.network);
    }
    setBusy(false);
  };
  return (
    <Modal title={copy.endedTitle} size="sm">
      {second ? (
        <LoginSecondStep
          step={second}
          onSession={onSignedIn}
          onStartOver={() => {
            setSecond(null);
            setPassword('');
          }}
        />
      ) : (
        <form onSubmit={submit} className="space-y-3" data-testid="sign-in-again">
          <p className="text-sm text-gray-700">{copy.ended}</p>
          <LabelledInput id="session-email" label={loginCopy.email} type="email" readOnly autoComplete="username" value={email} />
          <LabelledInput
            id="session-password"
            label={loginCopy.password}
            type="password"
            required
            data-autofocus
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <SignInAlert message={error} />
          <button type="submit" className={`${btn.primary} w-full`} disabled={busy}>
            {busy ? copy.signingIn : copy.signIn}
          </button>
        </form>
      )}
    </Modal>
  );
}
