/** Account: one's own password (ends every session), two-factor sign-in and one's sessions; with the accounts permission, the accounts (add, remove, preset and permissions, reset link). */
import { useState, type FormEvent } from 'react';
import { Navigate, useFetcher, useLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { AccountChangedReply, AccountListReply, AccountRow, ResetAvailableReply } from '../../../shared/accounts';
import { TOAST_LONG_MS, accountCopy as copy, securityCopy } from '../../../shared/copy/admin';
import type { MessageReply } from '../../../shared/replies';
import { ADMIN_ROLES, AREAS, type AdminRole, type Area } from '../../../shared/roles';
import { btn, card, input, label } from '../../components/admin/classes';
import { formatDate } from '../../components/admin/columns';
import { AdminDataView } from '../../components/admin/admin-data';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { ReauthDialog } from '../../components/admin/reauth-dialog';
import { endSession, loadSessions, SessionsCard, type EndSession } from '../../components/admin/sessions-card';
import { changeTwoFactor, isTwoFactorIntent, TwoFactorSection, type TwoFactorIntent } from '../../components/admin/two-factor-section';
import { LabelledInput, PageHeader, FieldError } from '../../components/admin/ui';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { apiJson } from '../../lib/admin/api';
import { signedInAccount } from '../../lib/admin/auth';
import { mustEnrol, notedAccount, useAdminMe } from '../../lib/admin/me';
import { loadReply, runWrite, submitted, useWritten, type Loaded, type Written } from '../../lib/admin/screen-data';
import type { Route } from './+types/account';

/** Whether reset links can be mailed (SMTP_URL is set): the accounts' "Send reset link" shows then. */
const resetByMail = () =>
  apiJson<ResetAvailableReply>('/admins/password/forgot').then(
    (reply) => reply.mail,
    () => false,
  );

/**
 * One's sessions (an account REQUIRE_2FA waits on is refused them, and shows none); with the accounts
 * permission, the accounts and whether reset links can be mailed (not read while REQUIRE_2FA waits).
 */
export async function clientLoader() {
  const account = await signedInAccount().catch(() => null);
  const accounts = account !== null && account.permissions.includes('accounts') && !mustEnrol(notedAccount(account));
  const [sessions, admins, mail] = await Promise.all([
    loadSessions(),
    accounts ? loadReply<AccountListReply>('/admins', copy.loadFailed) : null,
    accounts ? resetByMail() : false,
  ]);
  return { sessions, admins, mail };
}

/** The confirmation of the password (and code) an account change is sent with. */
type StepUp = Record<string, string>;

/** A change to the accounts, sent once the password (and code) is confirmed. */
type AccountChange =
  | { intent: 'add-account'; email: string; password: string; role: AdminRole; stepUp: StepUp }
  | { intent: 'remove-account'; id: string; stepUp: StepUp }
  /** a preset (`{ role }`) or areas by hand (`{ permissions }`) */
  | { intent: 'change-access'; id: string; access: { role: AdminRole } | { permissions: Area[] }; stepUp: StepUp }
  | { intent: 'send-reset-link'; id: string; stepUp: StepUp };

/** An account change before its confirmation. */
type Unconfirmed<Change> = Change extends unknown ? Omit<Change, 'stepUp'> : never;

type PasswordChange = { intent: 'change-password'; currentPassword: string; newPassword: string };

type AccountIntent = EndSession | PasswordChange | AccountChange | TwoFactorIntent;

const accountPath = (id: string) => `/admins/${encodeURIComponent(id)}`;

/** An account change: its reply's message as a toast; a failure as a toast too, or under the form for an added account. */
function changeAccount(change: AccountChange) {
  const headers = change.stepUp;
  const toasts = { success: (reply: MessageReply) => reply.message, duration: TOAST_LONG_MS };
  switch (change.intent) {
    case 'add-account': {
      const { email, password, role } = change;
      return runWrite(() => apiJson<AccountChangedReply>('/admins', { method: 'POST', body: { email, password, role }, headers }), {
        ...toasts,
        failureToast: false,
      });
    }
    case 'remove-account':
      return runWrite(() => apiJson<MessageReply>(accountPath(change.id), { method: 'DELETE', headers }), toasts);
    case 'change-access':
      return runWrite(
        () => apiJson<AccountChangedReply>(accountPath(change.id), { method: 'PATCH', body: change.access, headers }),
        toasts,
      );
    case 'send-reset-link':
      return runWrite(() => apiJson<MessageReply>(`${accountPath(change.id)}/reset-link`, { method: 'POST', headers }), toasts);
  }
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<Written<unknown>> {
  const intent = await submitted<AccountIntent>(request);
  if (intent.intent === 'end-session') return endSession(intent);
  if (isTwoFactorIntent(intent)) return changeTwoFactor(intent);
  if (intent.intent === 'change-password') {
    const { currentPassword, newPassword } = intent;
    // the server ends every session, this one included, and clears its cookie: the screen goes to the login, its failure shows under the form
    return runWrite(() => apiJson<MessageReply>('/admins/password', { method: 'POST', body: { currentPassword, newPassword } }), {
      failureToast: false,
    });
  }
  return changeAccount(intent);
}

/**
 * After a write the screen's data is read again, but not after a password change (the session ended
 * with it) or the start of a two-factor set-up (nothing read here changed).
 */
export function shouldRevalidate({ json, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = (json as Partial<AccountIntent> | undefined)?.intent;
  return intent === 'change-password' || intent === '2fa-setup' ? false : defaultShouldRevalidate;
}

/** What the login is shown with after a password change (one object: <Navigate> goes again whenever its `state` is another). */
const PASSWORD_CHANGED = { reason: 'password-changed' } as const;

function ChangePassword() {
  const { passwordMinLength } = useAdminLimits();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [error, setError] = useState('');
  const fetcher = useFetcher<Written<MessageReply>>();
  const changed = fetcher.data?.ok === true;
  useWritten(fetcher.data, (outcome) => !outcome.ok && setError(outcome.error));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const change: PasswordChange = { intent: 'change-password', currentPassword, newPassword };
    void fetcher.submit(change, { method: 'post', encType: 'application/json' });
  };
  return (
    <section className={`${card} p-5`} aria-labelledby="change-password">
      <h2 id="change-password" className="mb-4 text-lg font-semibold">
        {copy.changePassword}
      </h2>
      <form onSubmit={submit} className="space-y-3">
        <LabelledInput
          id="current-password"
          label={copy.currentPassword}
          type="password"
          required
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.currentTarget.value)}
        />
        <LabelledInput
          id="new-password"
          label={copy.newPassword(passwordMinLength)}
          type="password"
          required
          minLength={passwordMinLength}
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.currentTarget.value)}
        />
        <FieldError message={error} />
        <div className="flex justify-end">
          <button type="submit" className={btn.primary} disabled={fetcher.state !== 'idle' || changed}>
            {fetcher.state !== 'idle' || changed ? copy.changing : copy.changeSubmit}
          </button>
        </div>
      </form>
      {/* the server ended every session, this one included, and cleared its cookie: the login says why it shows */}
      {changed ? <Navigate to="/admin/login" replace state={PASSWORD_CHANGED} /> : null}
    </section>
  );
}

function Admins({ admins, mail }: { admins: Loaded<AccountListReply>; mail: boolean }) {
  const { email: me, twoFactor } = useAdminMe();
  const { passwordMinLength, timeZone } = useAdminLimits();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AdminRole>('editor');
  const [error, setError] = useState('');
  const [pending, setPending] = useState<AccountRow | null>(null);
  /** The change waiting for the confirm-password dialog. */
  const [waiting, setWaiting] = useState<Unconfirmed<AccountChange> | null>(null);
  const adding = useFetcher<Written<AccountChangedReply>>();
  const changing = useFetcher<Written<unknown>>();
  const busy = waiting?.intent === 'add-account' || adding.state !== 'idle';
  useWritten(adding.data, (outcome) => {
    if (!outcome.ok) return setError(outcome.error);
    setEmail('');
    setPassword('');
  });

  /** Sends the waiting change with the confirmation; its outcome shows as a toast (or under the form), and the accounts are read again. */
  const confirmed = (stepUp: StepUp) => {
    if (!waiting) return;
    setWaiting(null);
    const change = { ...waiting, stepUp } as AccountChange;
    void (change.intent === 'add-account' ? adding : changing).submit(change, { method: 'post', encType: 'application/json' });
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setWaiting({ intent: 'add-account', email, password, role });
  };
  const remove = (admin: AccountRow) => {
    setPending(null);
    setWaiting({ intent: 'remove-account', id: admin._id });
  };
  const changeAccess = (admin: AccountRow, access: { role: AdminRole } | { permissions: Area[] }) =>
    setWaiting({ intent: 'change-access', id: admin._id, access });
  const toggleArea = (admin: AccountRow, area: Area, on: boolean) =>
    changeAccess(admin, { permissions: on ? [...admin.permissions, area] : admin.permissions.filter((held) => held !== area) });
  const sendResetLink = (admin: AccountRow) => setWaiting({ intent: 'send-reset-link', id: admin._id });

  return (
    <section className={`${card} p-5`} aria-labelledby="admins">
      <h2 id="admins" className="mb-4 text-lg font-semibold">
        {copy.admins}
      </h2>
      <AdminDataView loaded={admins}>
        {({ data: rows }) => (
          <ul className="mb-5 divide-y divide-gray-100 rounded-lg border border-gray-200">
            {rows.map((admin) => (
              <li key={admin._id} data-testid="account-row" className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span className="min-w-0 break-all">
                  <span className="font-medium">{admin.email}</span>{' '}
                  {admin.email === me ? <span className="text-gray-600">{copy.you}</span> : null}
                  <span className="block text-xs text-gray-600">{formatDate(admin.createdAt, timeZone)}</span>
                </span>
                <span className="flex items-center gap-2">
                  <select
                    aria-label={securityCopy.roleOf(admin.email)}
                    className="rounded-lg border border-gray-300 px-2 py-1 text-sm"
                    value={admin.role}
                    onChange={(e) => changeAccess(admin, { role: e.currentTarget.value as AdminRole })}
                  >
                    {ADMIN_ROLES.map((value) => (
                      <option key={value} value={value}>
                        {securityCopy.roles[value]}
                      </option>
                    ))}
                    {admin.role === 'custom' ? (
                      <option value="custom" disabled>
                        {securityCopy.roles.custom}
                      </option>
                    ) : null}
                  </select>
                  {mail ? (
                    <button
                      type="button"
                      className={btn.secondary}
                      aria-label={securityCopy.sendResetLinkTo(admin.email)}
                      onClick={() => sendResetLink(admin)}
                    >
                      {securityCopy.sendResetLink}
                    </button>
                  ) : null}
                  {admin.email === me ? null : (
                    <button
                      type="button"
                      className={btn.smallDelete}
                      aria-label={`${copy.remove} ${admin.email}`}
                      onClick={() => setPending(admin)}
                    >
                      {copy.remove}
                    </button>
                  )}
                </span>
                <fieldset className="flex w-full flex-wrap gap-x-4 gap-y-1">
                  <legend className="sr-only">{securityCopy.permissionsOf(admin.email)}</legend>
                  {AREAS.map((area) => (
                    <label key={area} className="flex items-center gap-1.5 text-xs text-gray-700">
                      <input
                        type="checkbox"
                        aria-label={securityCopy.areaOf(securityCopy.areas[area], admin.email)}
                        checked={admin.permissions.includes(area)}
                        onChange={(e) => toggleArea(admin, area, e.currentTarget.checked)}
                      />
                      {securityCopy.areas[area]}
                    </label>
                  ))}
                </fieldset>
              </li>
            ))}
          </ul>
        )}
      </AdminDataView>
      <h3 className="mb-3 font-semibold">{copy.addAdmin}</h3>
      <form onSubmit={add} className="space-y-3">
        <LabelledInput
          id="new-admin-email"
          label={copy.adminEmail}
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <LabelledInput
          id="new-admin-password"
          label={copy.adminPassword(passwordMinLength)}
          type="password"
          required
          minLength={passwordMinLength}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <div>
          <label htmlFor="new-admin-role" className={label}>
            {securityCopy.role}
          </label>
          <select id="new-admin-role" className={input} value={role} onChange={(e) => setRole(e.currentTarget.value as AdminRole)}>
            {ADMIN_ROLES.map((value) => (
              <option key={value} value={value}>
                {securityCopy.roles[value]}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-gray-600">{securityCopy.presetHint}</p>
        </div>
        <FieldError message={error} />
        <div className="flex justify-end">
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? copy.adding : copy.addAdmin}
          </button>
        </div>
      </form>
      {pending ? (
        <ConfirmDialog
          message={copy.confirmRemove(pending.email)}
          confirmLabel={copy.remove}
          busy={false}
          onCancel={() => setPending(null)}
          onConfirm={() => remove(pending)}
        />
      ) : null}
      {waiting ? <ReauthDialog twoFactor={twoFactor} onConfirmed={confirmed} onCancel={() => setWaiting(null)} /> : null}
    </section>
  );
}

export default function Account() {
  const { sessions, admins, mail } = useLoaderData<typeof clientLoader>();
  const me = useAdminMe();
  // REQUIRE_2FA and not on yet: the two-factor section alone (the server answers nothing else), kept in place once it is on
  const enrolling = mustEnrol(me);
  return (
    <div>
      <PageHeader title={copy.title} subtitle={copy.signedInAs(me.email)} />
      {enrolling ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-gray-900" data-testid="enrolment-required">
          {securityCopy.enrolmentRequired}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          {enrolling ? null : <ChangePassword />}
          <TwoFactorSection />
        </div>
        {me.permissions.includes('accounts') && !enrolling && admins ? <Admins admins={admins} mail={mail} /> : null}
        {enrolling ? null : <SessionsCard sessions={sessions} />}
      </div>
    </div>
  );
}
