/**
 * The sign-in's second step: a code (or a recovery code) for an account with two-factor sign-in, or,
 * under REQUIRE_2FA, setting it up (QR code, first code, recovery codes) before the session starts.
 */
import { useState, type FormEvent } from 'react';
import type { Enrolment, EnrolmentReply, LoginReply, SecondStepReply } from '../../../shared/accounts';
import { loginCopy, securityCopy as copy } from '../../../shared/copy/admin';
import { stepAnswer, type StepAnswer } from '../../lib/admin/auth';
import { btn } from './classes';
import { LabelledInput, SignInAlert } from './ui';
import { EnrolmentForm, RecoveryCodes } from './two-factor-enrolment';

async function post<Reply>(path: string, body: object): Promise<StepAnswer<Reply>> {
  const response = await fetch(`/api/admins/login/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return stepAnswer<Reply>(response);
}

/** The second step a password step's challenge leads to: a code, or (REQUIRE_2FA) the set-up with its new secret, or why that failed. */
export type SecondStep =
  { challenge: string; enrol: false } | { challenge: string; enrol: true; enrolment: Enrolment | null; error: string };

/**
 * The second step of the password step's challenge (the login page and the sign-in-again dialog call it
 * as the password step answers): under REQUIRE_2FA the set-up's new secret is asked for here, so the step
 * opens with its QR code.
 */
export async function secondStepOf(reply: Exclude<LoginReply, { token: string }>): Promise<SecondStep> {
  const { challenge } = reply;
  if (!('twoFactorSetupRequired' in reply)) return { challenge, enrol: false };
  try {
    const answer = await post<EnrolmentReply>('2fa/setup', { challenge });
    if (answer.ok && answer.body.data) return { challenge, enrol: true, enrolment: answer.body.data, error: '' };
    return { challenge, enrol: true, enrolment: null, error: (!answer.ok && answer.body.message) || loginCopy.failed };
  } catch {
    return { challenge, enrol: true, enrolment: null, error: loginCopy.network };
  }
}

export function LoginSecondStep({
  step,
  onSession,
  onStartOver,
}: {
  /** `enrol` (REQUIRE_2FA): set two-factor up first. */
  step: SecondStep;
  onSession: (token: string, email: string | undefined) => void;
  onStartOver: () => void;
}) {
  const { challenge, enrol } = step;
  const enrolment = step.enrol ? step.enrolment : null;
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [done, setDone] = useState<SecondStepReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(step.enrol ? step.error : '');

  const send = async (payload: object) => {
    setBusy(true);
    setError('');
    try {
      const answer = await post<SecondStepReply>('2fa', { challenge, ...payload });
      if (answer.ok && answer.body.token) {
        // a new enrolment shows its recovery codes before the session starts
        if (answer.body.recoveryCodes?.length) setDone(answer.body);
        else onSession(answer.body.token, answer.body.admin.email);
        return;
      }
      setError((!answer.ok && answer.body.message) || loginCopy.failed);
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
    return (
      <RecoveryCodes codes={done.recoveryCodes ?? []} onDone={() => onSession(done.token, done.admin.email)} doneLabel={copy.continue} />
    );
  if (enrol) {
    return (
      <div>
        <p className="mb-3 text-sm text-gray-700">{copy.setupStepIntro}</p>
        {enrolment ? (
          <EnrolmentForm enrolment={enrolment} onCode={(value) => void send({ code: value })} busy={busy} error={error} />
        ) : (
          <SignInAlert message={error} />
        )}
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
      <SignInAlert message={error} />
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
