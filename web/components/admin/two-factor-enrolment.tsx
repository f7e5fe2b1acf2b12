/** The parts of setting up two-factor sign-in, shared by the account screen and the sign-in (REQUIRE_2FA). */
import { useState, type FormEvent } from 'react';
import { securityCopy as copy } from '../../../shared/copy/admin';
import { btn } from './classes';
import { LabelledInput } from './ui';

export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  /** A data: URL drawn by our server: no outside service sees the secret. */
  qrCode: string;
}

/** The QR code, the key as text, and the first code that confirms them. */
export function EnrolmentForm({
  enrolment,
  onCode,
  busy,
  error,
}: {
  enrolment: Enrolment;
  onCode: (code: string) => void;
  busy: boolean;
  error: string;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCode(code);
  };
  return (
    <form onSubmit={submit} className="space-y-3" data-testid="two-factor-enrolment">
      <p className="text-sm text-gray-700">{copy.scanIntro}</p>
      <img src={enrolment.qrCode} alt={copy.qrAlt} width={200} height={200} className="mx-auto h-48 w-48 bg-white" />
      <p className="text-sm text-gray-700">
        {copy.secretLabel}{' '}
        <code className="break-all rounded bg-gray-100 px-1.5 py-0.5 font-mono text-sm text-gray-900" data-testid="totp-secret">
          {enrolment.secret}
        </code>
      </p>
      <LabelledInput
        id="enrol-code"
        label={copy.codeLabel}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\s*\d{3}\s*\d{3}\s*"
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className={`${btn.primary} w-full`} disabled={busy}>
        {busy ? copy.confirming : copy.confirmCode}
      </button>
    </form>
  );
}

/** The 10 recovery codes, shown once. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = copy.recoveryDone,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  return (
    <div className="space-y-3">
      <h3 className="font-semibold">{copy.recoveryTitle}</h3>
      <p className="text-sm text-gray-700">{copy.recoveryIntro}</p>
      <ul className="grid grid-cols-2 gap-2 rounded-lg bg-gray-100 p-3 font-mono text-sm text-gray-900" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className={`${btn.primary} w-full`} onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}
