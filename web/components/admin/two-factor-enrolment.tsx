/** The parts of setting up two-factor sign-in, shared by the account screen and the sign-in (REQUIRE_2FA). */
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Enrolment } from '../../../shared/accounts';
import { securityCopy as copy } from '../../../shared/copy/admin';
import { btn } from './classes';
import { LabelledInput } from './ui';

/** "ABCDEFGH…" as "ABCD EFGH …". */
const groupsOf4 = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key;

/** The QR code (a data: URL drawn by our server: no outside service sees the secret), the key as text, and the first code that confirms them. */
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
        <code
          className="break-all rounded bg-gray-100 px-1.5 py-0.5 font-mono text-sm text-gray-900"
          data-testid="totp-secret"
          // shown in groups of 4 to read, copied whole: the app wants the key without spaces
          onCopy={(event) => {
            event.preventDefault();
            event.clipboardData.setData('text/plain', enrolment.secret);
          }}
        >
          {groupsOf4(enrolment.secret)}
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

/** The codes as the Download and Print buttons give them: a heading, then one code a line. */
const codesText = (codes: string[]) => `${copy.recoveryFileHeading(window.location.host)}\n\n${codes.join('\n')}\n`;

/** The 10 recovery codes, shown once, with ways to keep them: copy, download as a text file, print. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = copy.recoveryDone,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const copyCodes = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    toast.success(copy.codesCopied);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: copy.recoveryFileName });
    link.click();
    URL.revokeObjectURL(url);
  };
  // a page of the codes alone (no screen around them), printed from its own window
  const print = () => {
    const page = window.open('', '_blank', 'popup,width=480,height=640');
    if (!page) return;
    page.document.title = copy.recoveryTitle;
    const text = page.document.createElement('pre');
    text.textContent = codesText(codes);
    page.document.body.append(text);
    page.print();
  };
  return (
    <div className="space-y-3">
      <h3 className="font-semibold">{copy.recoveryTitle}</h3>
      <p className="text-sm text-gray-700">{copy.recoveryIntro}</p>
      <ul className="grid grid-cols-2 gap-2 rounded-lg bg-gray-100 p-3 font-mono text-sm text-gray-900" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={btn.secondary} onClick={() => void copyCodes()}>
          {copy.copyCodes}
        </button>
        <button type="button" className={btn.secondary} onClick={download}>
          {copy.downloadCodes}
        </button>
        <button type="button" className={btn.secondary} onClick={print}>
          {copy.printCodes}
        </button>
      </div>
      <button type="button" className={`${btn.primary} w-full`} onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}
