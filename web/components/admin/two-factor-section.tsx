/** The account screen's two-factor sign-in: its state, turning it on (QR code, first code, recovery codes) and off. */
import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { EnrolmentReply, RecoveryCodesReply } from '../../../shared/accounts';
import { TOAST_LONG_MS, securityCopy as copy } from '../../../shared/copy/admin';
import type { MessageReply } from '../../../shared/replies';
import { apiJson } from '../../lib/admin/api';
import { noteTwoFactor, useAdminMe } from '../../lib/admin/me';
import { runWrite, useWritten, type Written } from '../../lib/admin/screen-data';
import { btn, card } from './classes';
import { ReauthDialog } from './reauth-dialog';
import { EnrolmentForm, RecoveryCodes } from './two-factor-enrolment';

/** The confirmation of the password (and code) a two-factor change is sent with. */
type StepUp = Record<string, string>;

/** A two-factor change, sent by the section to the account screen's action. */
export type TwoFactorIntent =
  /** a new secret and its QR code, waiting for a first code */
  | { intent: '2fa-setup'; stepUp: StepUp }
  /** the first code: two-factor is on, and the recovery codes come back */
  | { intent: '2fa-confirm'; code: string; stepUp: StepUp }
  | { intent: '2fa-off'; stepUp: StepUp }
  | { intent: '2fa-new-codes'; stepUp: StepUp };

const TWO_FACTOR_INTENTS: readonly string[] = [
  '2fa-setup',
  '2fa-confirm',
  '2fa-off',
  '2fa-new-codes',
] satisfies TwoFactorIntent['intent'][];

export const isTwoFactorIntent = (intent: { intent: string }): intent is TwoFactorIntent => TWO_FACTOR_INTENTS.includes(intent.intent);

const post = <Reply,>(path: string, stepUp: StepUp, body?: object) => apiJson<Reply>(path, { method: 'POST', headers: stepUp, body });

/** Runs a two-factor change for the account screen's action: the set-up and the first code fail under their form, the rest as a toast. */
export async function changeTwoFactor(change: TwoFactorIntent): Promise<Written<EnrolmentReply | RecoveryCodesReply | MessageReply>> {
  switch (change.intent) {
    case '2fa-setup':
      // tying an authenticator to the account needs the password first, as other account changes do
      return runWrite(() => post<EnrolmentReply>('/admins/2fa/setup', change.stepUp), { failureToast: false });
    case '2fa-confirm': {
      const written = await runWrite(() => post<RecoveryCodesReply>('/admins/2fa/confirm', change.stepUp, { code: change.code }), {
        success: (reply) => reply.message,
        duration: TOAST_LONG_MS,
        failureToast: false,
      });
      if (written.ok) noteTwoFactor(true);
      return written;
    }
    case '2fa-off': {
      const written = await runWrite(() => post<MessageReply>('/admins/2fa/disable', change.stepUp), {
        success: (reply) => reply.message,
        duration: TOAST_LONG_MS,
      });
      if (written.ok) noteTwoFactor(false);
      return written;
    }
    case '2fa-new-codes':
      return runWrite(() => post<RecoveryCodesReply>('/admins/2fa/recovery-codes', change.stepUp), {
        success: (reply) => reply.message,
        duration: TOAST_LONG_MS,
      });
  }
}

export function TwoFactorSection() {
  const me = useAdminMe();
  const enabled = me.twoFactor;
  const [left, setLeft] = useState(me.recoveryCodesLeft);
  const [enrolment, setEnrolment] = useState<EnrolmentReply['data'] | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  /** Which sensitive action waits for the password (and code) to be confirmed. */
  const [confirming, setConfirming] = useState<'turn-on' | 'turn-off' | 'new-codes' | null>(null);
  /** The confirmation that started the set-up, sent again with its first code. */
  const [stepUp, setStepUp] = useState<StepUp>({});
  const [error, setError] = useState('');
  const setup = useFetcher<Written<EnrolmentReply>>();
  const confirmation = useFetcher<Written<RecoveryCodesReply>>();
  const newCodes = useFetcher<Written<RecoveryCodesReply>>();
  const turnOff = useFetcher<Written<MessageReply>>();
  const busy = setup.state !== 'idle' || confirmation.state !== 'idle';

  const send = (fetcher: { submit: ReturnType<typeof useFetcher>['submit'] }, change: TwoFactorIntent) =>
    void fetcher.submit(change, { method: 'post', encType: 'application/json' });
  const start = (headers: StepUp) => {
    setConfirming(null);
    setError('');
    setStepUp(headers);
    send(setup, { intent: '2fa-setup', stepUp: headers });
  };
  const confirm = (code: string) => {
    setError('');
    send(confirmation, { intent: '2fa-confirm', code, stepUp });
  };
  const showCodes = (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    setLeft(recoveryCodes.length);
  };
  useWritten(setup.data, (outcome) => (outcome.ok ? setEnrolment(outcome.reply.data) : setError(outcome.error)));
  useWritten(confirmation.data, (outcome) => {
    if (!outcome.ok) return setError(outcome.error);
    setEnrolment(null);
    showCodes(outcome.reply.recoveryCodes);
  });
  useWritten(newCodes.data, (outcome) => outcome.ok && showCodes(outcome.reply.recoveryCodes));

  return (
    <section className={`${card} p-5`} aria-labelledby="two-factor">
      <h2 id="two-factor" className="mb-2 text-lg font-semibold">
        {copy.twoFactorTitle}
      </h2>
      <p className="mb-4 text-sm text-gray-700" data-testid="two-factor-status">
        {enabled ? copy.twoFactorOnStatus(left) : copy.twoFactorOffStatus}
        {me.twoFactorRequired ? ` ${copy.twoFactorRequiredNote}` : ''}
      </p>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : enrolment ? (
        <EnrolmentForm enrolment={enrolment} onCode={confirm} busy={busy} error={error} />
      ) : enabled ? (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={btn.secondary} onClick={() => setConfirming('new-codes')}>
            {copy.newRecoveryCodes}
          </button>
          {me.twoFactorRequired ? null : (
            <button type="button" className={btn.secondary} onClick={() => setConfirming('turn-off')}>
              {copy.turnOff}
            </button>
          )}
        </div>
      ) : (
        <>
          {error ? (
            <p role="alert" className="mb-3 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <button type="button" className={btn.primary} onClick={() => setConfirming('turn-on')} disabled={busy}>
            {copy.turnOn}
          </button>
        </>
      )}
      {confirming ? (
        <ReauthDialog
          twoFactor={confirming !== 'turn-on'}
          onConfirmed={(headers) => {
            if (confirming === 'turn-on') return start(headers);
            setConfirming(null);
            if (confirming === 'turn-off') send(turnOff, { intent: '2fa-off', stepUp: headers });
            else send(newCodes, { intent: '2fa-new-codes', stepUp: headers });
          }}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}
