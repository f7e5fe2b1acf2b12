/**
 * The sign-in's second step: a code (or a recovery code) for an account with two-factor sign-in, or,
 * under REQUIRE_2FA, setting it up (QR code, first code, recovery codes) before the session starts.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { loginCopy, securityCopy as copy } from '../../../shared/copy/admin';
import { btn } from './classes';
import { LabelledInput } from './ui';
import { EnrolmentForm, RecoveryCodes, type Enrolment } from './two-factor-enrolment';

interface SessionReply {
  success?: boolean;
  token?: string;
  admin?: { email?: string };
  recoveryCodes?: string[];
  data?: Enrolment;
  message?: string;
}

async function post(path: string, body: object): Promise<{ ok: boolean; body: SessionReply }> {
  const response = await fetch(`/api/admins/login/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, body: (await response.json().catch(() => ({}))) as SessionReply };
}

export function LoginSecondStep({
  challenge,
  enrol,
  onSession,
  onStartOver,
}: {
  challenge: string;
  /** REQUIRE_2FA: set two-factor up first. */
  enrol: boolean;
  onSession: (token: string, email: string | undefined) => void;
  onStartOver: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [done, setDone] = useState<SessionReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!enrol) return;
    post('2fa/setup', { challenge })
      .then(({ ok, body }) => (ok && body.data ? setEnrolment(body.data) : setError(body.message || loginCopy.failed)))
      .catch(() => setError(loginCopy.network));
  }, [enrol, challenge]);

  const send = async (payload: object) => {
    setBusy(true);
    setError('');
    try {
      const { ok, body } = await post('2fa', { challenge, ...payload });
      if (ok && body.token) {
        // a new enrolment shows its recovery codes before the session starts
        if (body.recoveryCodes?.length) setDone(body);
        else onSession(body.token, body.admin?.email);
        return;
      }
      setError(body.message || loginCopy.failed);
    } catch {
      setError(loginCopy.network);
    }
    setBusy(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(recovery ? { recoveryCode: code } : { code });
  };

  const startOver = (
    <button type="button" className="mt-4 w-full text-center text-sm font-medium text-brand-dark underline" onClick={onStartOver}>
      {copy.startOver}
    </button>
  );
  if (done)
    return <RecoveryCodes codes={done.recoveryCodes!} onDone={() => onSession(done.token!, done.admin?.email)} doneLabel={copy.continue} />;
  if (enrol) {
    return (
      <div>
        <p className="mb-3 text-sm text-gray-700">{copy.setupStepIntro}</p>
        {enrolment ? (
          <EnrolmentForm enrolment={enrolment} onCode={(value) => void send({ code: value })} busy={busy} error={error} />
        ) : error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        {startOver}
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4">
      <h2 className="text-lg font-semibold">{copy.codeStepTitle}</h2>
      <p className="text-sm text-gray-700">{recovery ? copy.recoveryStepIntro : copy.codeStepIntro}</p>
      <LabelledInput
        id="login-code"
        label={recovery ? copy.recoveryLabel : copy.codeLabel}
        key={recovery ? 'recovery' : 'code'}
        required
        autoFocus
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
      />
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <button type="submit" className={`${btn.primary} w-full`} disabled={busy}>
        {busy ? copy.confirming : copy.verify}
      </button>
      <button
        type="button"
        className="w-full text-center text-sm font-medium text-brand-dark underline"
        onClick={() => {
          setRecovery(!recovery);
          setCode('');
          setError('');
        }}
      >
        {recovery ? copy.useCode : copy.useRecovery}
      </button>
      {startOver}
    </form>
  );
}
