/**
 * Before a sensitive action (accounts, turning two-factor off, a backup download): the password, and a
 * code when two-factor sign-in is on, exchanged for a short-lived step-up token sent with the action.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ReauthReply } from '../../../shared/accounts';
import { commonCopy, securityCopy as copy } from '../../../shared/copy/admin';
import { apiJson, errorText } from '../../lib/admin/api';
import { STEP_UP_HEADER } from '../../../shared/roles';
import { btn } from './classes';
import { LabelledInput } from './ui';
import { Modal } from './modal';
import { useAdminMe } from '../../lib/admin/me';

interface ReauthDialogProps {
  twoFactor: boolean;
  /** Receives the headers to send with the action. */
  onConfirmed: (headers: Record<string, string>) => void | Promise<void>;
  onCancel: () => void;
}

export function ReauthDialog({ twoFactor, onConfirmed, onCancel }: ReauthDialogProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      // a code of 6 digits is the app's; anything longer is a recovery code
      const second = /^\d{6}$/.test(code.replace(/\s+/g, '')) ? { code } : code.trim() ? { recoveryCode: code } : {};
      const reply = await apiJson<ReauthReply>('/admins/reauth', { method: 'POST', body: { password, ...second } });
      await onConfirmed({ [STEP_UP_HEADER]: reply.stepUpToken });
    } catch (failure) {
      setError(errorText(failure, commonCopy.somethingWrong));
      setBusy(false);
    }
  };
  return (
    <Modal title={copy.reauthTitle} onClose={onCancel} size="sm">
      <form onSubmit={submit} className="space-y-3">
        <p className="text-sm text-gray-700">{twoFactor ? copy.reauthIntroWithCode : copy.reauthIntro}</p>
        <LabelledInput
          id="reauth-password"
          label={copy.reauthPassword}
          type="password"
          required
          autoFocus
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        {twoFactor ? (
          <LabelledInput
            id="reauth-code"
            label={copy.codeLabel}
            required
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={btn.secondary} onClick={onCancel}>
            {commonCopy.cancel}
          </button>
          <button type="submit" className={btn.primary} disabled={busy}>
            {copy.reauthSubmit}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * A sensitive change asked for with the password again: `confirmFirst(run)` opens the dialog, and `run` gets the
 * step-up headers once it is answered; render `dialog` where the screen shows it.
 */
export function useStepUp(): { confirmFirst: (run: (headers: Record<string, string>) => void) => void; dialog: ReactNode } {
  const { twoFactor } = useAdminMe();
  const [waiting, setWaiting] = useState<((headers: Record<string, string>) => void) | null>(null);
  const dialog = waiting ? (
    <ReauthDialog
      twoFactor={twoFactor}
      onConfirmed={(headers) => {
        setWaiting(null);
        waiting(headers);
      }}
      onCancel={() => setWaiting(null)}
    />
  ) : null;
  return { confirmFirst: (run) => setWaiting(() => run), dialog };
}
