/** Account: change one's own password (ends every session), one's sessions, list, add and remove admins. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { TOAST_LONG_MS, accountCopy as copy, commonCopy } from '../../../shared/copy/admin';
import { btn, card, input, label } from '../../components/admin/classes';
import { formatDate } from '../../components/admin/columns';
import { AdminDataView, useAdminData } from '../../components/admin/admin-data';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { SessionsCard } from '../../components/admin/sessions-card';
import { PageHeader } from '../../components/admin/ui';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { apiJson, errorText } from '../../lib/admin/api';
import { useSignedInEmail } from '../../lib/admin/auth';

interface AdminRow {
  _id: string;
  email: string;
  createdAt: string;
}

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
        <div>
          <label htmlFor="current-password" className={label}>
            {copy.currentPassword}
          </label>
          <input
            id="current-password"
            type="password"
            required
            autoComplete="current-password"
            className={input}
            value={currentPassword}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
        </div>
        <div>
          <label htmlFor="new-password" className={label}>
            {copy.newPassword(passwordMinLength)}
          </label>
          <input
            id="new-password"
            type="password"
            required
            minLength={passwordMinLength}
            autoComplete="new-password"
            className={input}
            value={newPassword}
            onChange={(e) => setNew(e.currentTarget.value)}
          />
        </div>
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

function Admins() {
  const me = useSignedInEmail();
  const { passwordMinLength } = useAdminLimits();
  const admins = useAdminData<AdminRow[]>('/admins', copy.loadFailed);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<AdminRow | null>(null);
  const [removing, setRemoving] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const reply = await apiJson<{ message: string }>('/admins', { method: 'POST', body: { email, password } });
      toast.success(reply.message, { duration: TOAST_LONG_MS });
      setEmail('');
      setPassword('');
      await admins.reload();
    } catch (failure) {
      setError(errorText(failure, commonCopy.somethingWrong));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!pending) return;
    setRemoving(true);
    try {
      const reply = await apiJson<{ message: string }>(`/admins/${encodeURIComponent(pending._id)}`, { method: 'DELETE' });
      toast.success(reply.message, { duration: TOAST_LONG_MS });
      setPending(null);
      await admins.reload();
    } catch (failure) {
      toast.error(errorText(failure, commonCopy.somethingWrong), { duration: TOAST_LONG_MS });
    } finally {
      setRemoving(false);
    }
  };

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
              </li>
            ))}
          </ul>
        )}
      </AdminDataView>
      <h3 className="mb-3 font-semibold">{copy.addAdmin}</h3>
      <form onSubmit={add} className="space-y-3">
        <div>
          <label htmlFor="new-admin-email" className={label}>
            {copy.adminEmail}
          </label>
          <input
            id="new-admin-email"
            type="email"
            required
            className={input}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </div>
        <div>
          <label htmlFor="new-admin-password" className={label}>
            {copy.adminPassword(passwordMinLength)}
          </label>
          <input
            id="new-admin-password"
            type="password"
            required
            minLength={passwordMinLength}
            autoComplete="new-password"
            className={input}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
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
          busy={removing}
          onCancel={() => setPending(null)}
          onConfirm={() => void remove()}
        />
      ) : null}
    </section>
  );
}

export default function Account() {
  const email = useSignedInEmail();
  return (
    <div>
      <PageHeader title={copy.title} subtitle={copy.signedInAs(email)} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ChangePassword />
        <Admins />
        <SessionsCard />
      </div>
    </div>
  );
}
