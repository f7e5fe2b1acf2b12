/** The account screen's two-factor sign-in: its state, turning it on (QR code, first code, recovery codes) and off. */
import { useState } from 'react';
import { toast } from 'sonner';
import { TOAST_LONG_MS, commonCopy, securityCopy as copy } from '../../../shared/copy/admin';
import { apiJson, errorText } from '../../lib/admin/api';
import { useAdminMe } from '../../lib/admin/me';
import { btn, card } from './classes';
import { ReauthDialog } from './reauth-dialog';
import { EnrolmentForm, RecoveryCodes, type Enrolment } from './two-factor-enrolment';

export function TwoFactorSection({ enabled, onChange }: { enabled: boolean; onChange: (enabled: boolean) => void }) {
  const me = useAdminMe();
  const [left, setLeft] = useState(me.recoveryCodesLeft);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  /** Which sensitive action waits for the password (and code) to be confirmed. */
  const [confirming, setConfirming] = useState<'turn-off' | 'new-codes' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const start = async () => {
    setBusy(true);
    setError('');
    try {
      setEnrolment((await apiJson<{ data: Enrolment }>('/admins/2fa/setup', { method: 'POST' })).data);
    } catch (failure) {
      setError(errorText(failure, commonCopy.somethingWrong));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (code: string) => {
    setBusy(true);
    setError('');
    try {
      const reply = await apiJson<{ message: string; recoveryCodes: string[] }>('/admins/2fa/confirm', { method: 'POST', body: { code } });
      toast.success(reply.message, { duration: TOAST_LONG_MS });
      setEnrolment(null);
      setCodes(reply.recoveryCodes);
      setLeft(reply.recoveryCodes.length);
      onChange(true);
    } catch (failure) {
      setError(errorText(failure, commonCopy.somethingWrong));
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async (stepUp: Record<string, string>) => {
    setConfirming(null);
    try {
      const reply = await apiJson<{ message: string }>('/admins/2fa/disable', { method: 'POST', headers: stepUp });
      toast.success(reply.message, { duration: TOAST_LONG_MS });
      onChange(false);
    } catch (failure) {
      toast.error(errorText(failure, commonCopy.somethingWrong), { duration: TOAST_LONG_MS });
    }
  };

  const replaceCodes = async (stepUp: Record<string, string>) => {
    setConfirming(null);
    try {
      const reply = await apiJson<{ message: string; recoveryCodes: string[] }>('/admins/2fa/recovery-codes', {
        method: 'POST',
        headers: stepUp,
      });
      toast.success(reply.message, { duration: TOAST_LONG_MS });
      setCodes(reply.recoveryCodes);
      setLeft(reply.recoveryCodes.length);
    } catch (failure) {
      toast.error(errorText(failure, commonCopy.somethingWrong), { duration: TOAST_LONG_MS });
    }
  };

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
        <EnrolmentForm enrolment={enrolment} onCode={(code) => void confirm(code)} busy={busy} error={error} />
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
          <button type="button" className={btn.primary} onClick={() => void start()} disabled={busy}>
            {copy.turnOn}
          </button>
        </>
      )}
      {confirming ? (
        <ReauthDialog twoFactor onConfirmed={confirming === 'turn-off' ? turnOff : replaceCodes} onCancel={() => setConfirming(null)} />
      ) : null}
    </section>
  );
}
