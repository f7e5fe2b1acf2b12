/** Account: one's own password (ends every session), two-factor sign-in and one's sessions; for Admins, the accounts (add, remove, role). */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { TOAST_LONG_MS, accountCopy as copy, commonCopy, securityCopy } from '../../../shared/copy/admin';
import { ADMIN_ROLES, type AdminRole } from '../../../shared/roles';
import { btn, card, input, label } from '../../components/admin/classes';
import { formatDate } from '../../components/admin/columns';
import { AdminDataView, useAdminData } from '../../components/admin/admin-data';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { ReauthDialog } from '../../components/admin/reauth-dialog';
import { SessionsCard } from '../../components/admin/sessions-card';
import { TwoFactorSection } from '../../components/admin/two-factor-section';
import { LabelledInput, PageHeader } from '../../components/admin/ui';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { apiJson, errorText } from '../../lib/admin/api';
import { useAdminMe } from '../../lib/admin/me';

interface AdminRow {
  _id: string;
  email: string;
  role: AdminRole;
  twoFactor: boolean;
  createdAt: string;
}

/** A change that waits for the password (and code) to be confirmed. */
type Sensitive = (stepUp: Record<string, string>) => Promise<void>;

function Alert({ message }: { message: string }) {
  return message ? (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

function ChangePassword() {
  const navigate = useNavigate();
  const { passwordMinLength } = useAdminLimits();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const reply = await apiJson<{ message: string }>('/admins/password', { method: 'POST', body: { currentPassword, newPassword } });
      toast.success(reply.message, { duration: TOAST_LONG_MS });
      // the server ended every session, this one included, and cleared its cookie
      navigate('/admin/login', { replace: true });
    } catch (failure) {
      setError(errorText(failure, commonCopy.somethingWrong));
      setBusy(false);
    }
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
        <Alert message={error} />
        <div className="flex justify-end">
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? copy.changing : copy.changeSubmit}
          </button>
        </div>
      </form>
    </section>
  );
}

function Admins({ twoFactor }: { twoFactor: boolean }) {
  const me = useAdminMe().email;
  const { passwordMinLength } = useAdminLimits();
  const admins = useAdminData<AdminRow[]>('/admins', copy.loadFailed);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AdminRole>('editor');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<AdminRow | null>(null);
  const [sensitive, setSensitive] = useState<{ run: Sensitive } | null>(null);

  /** Runs a change after the confirm-password dialog; a failure shows as a toast (or under the form). */
  const confirmThen = (
    run: Sensitive,
    onError: (message: string) => void = (message) => toast.error(message, { duration: TOAST_LONG_MS }),
  ) =>
    setSensitive({
      run: async (stepUp) => {
        setSensitive(null);
        try {
          await run(stepUp);
        } catch (failure) {
          onError(errorText(failure, commonCopy.somethingWrong));
        } finally {
          setBusy(false);
          await admins.reload();
        }
      },
    });

  const add = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    confirmThen(async (stepUp) => {
      const reply = await apiJson<{ message: string }>('/admins', { method: 'POST', body: { email, password, role }, headers: stepUp });
      toast.success(reply.message, { duration: TOAST_LONG_MS });
      setEmail('');
      setPassword('');
    }, setError);
  };
  const remove = (admin: AdminRow) => {
    setPending(null);
    confirmThen(async (stepUp) => {
      const reply = await apiJson<{ message: string }>(`/admins/${encodeURIComponent(admin._id)}`, { method: 'DELETE', headers: stepUp });
      toast.success(reply.message, { duration: TOAST_LONG_MS });
    });
  };
  const changeRole = (admin: AdminRow, next: AdminRole) =>
    confirmThen(async (stepUp) => {
      const reply = await apiJson<{ message: string }>(`/admins/${encodeURIComponent(admin._id)}`, {
        method: 'PATCH',
        body: { role: next },
        headers: stepUp,
      });
      toast.success(reply.message, { duration: TOAST_LONG_MS });
    });

  return (
    <section className={`${card} p-5`} aria-labelledby="admins">
      <h2 id="admins" className="mb-4 text-lg font-semibold">
        {copy.admins}
      </h2>
      <AdminDataView loaded={admins}>
        {(rows) => (
          <ul className="mb-5 divide-y divide-gray-100 rounded-lg border border-gray-200">
            {rows.map((admin) => (
              <li key={admin._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span className="min-w-0 break-all">
                  <span className="font-medium">{admin.email}</span>{' '}
                  {admin.email === me ? <span className="text-gray-600">{copy.you}</span> : null}
                  <span className="block text-xs text-gray-600">{formatDate(admin.createdAt)}</span>
                </span>
                <span className="flex items-center gap-2">
                  <select
                    aria-label={securityCopy.roleOf(admin.email)}
                    className="rounded-lg border border-gray-300 px-2 py-1 text-sm"
                    value={admin.role}
                    onChange={(e) => changeRole(admin, e.currentTarget.value as AdminRole)}
                  >
                    {ADMIN_ROLES.map((value) => (
                      <option key={value} value={value}>
                        {securityCopy.roles[value]}
                      </option>
                    ))}
                  </select>
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
        </div>
        <Alert message={error} />
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
      {sensitive ? (
        <ReauthDialog
          twoFactor={twoFactor}
          onConfirmed={sensitive.run}
          onCancel={() => {
            setSensitive(null);
            setBusy(false);
            void admins.reload();
          }}
        />
      ) : null}
    </section>
  );
}

export default function Account() {
  const me = useAdminMe();
  // turning two-factor on or off here changes what the confirm-password dialogs ask for
  const [twoFactor, setTwoFactor] = useState(me.twoFactor);
  return (
    <div>
      <PageHeader title={copy.title} subtitle={copy.signedInAs(me.email)} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <ChangePassword />
          <TwoFactorSection enabled={twoFactor} onChange={setTwoFactor} />
        </div>
        {me.role === 'admin' ? <Admins twoFactor={twoFactor} /> : null}
        <SessionsCard />
      </div>
    </div>
  );
}
