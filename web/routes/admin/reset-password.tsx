/** The page a reset link opens: a new password for the account, then sign in. */
import '../../styles/admin.css';
import { KeyRound } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../shared/admin-limits';
import { passwordResetMessages } from '../../../shared/api-messages';
import { resetCopy } from '../../../shared/copy/admin';
import type { MessageReply } from '../../../shared/replies';
import { btn } from '../../components/admin/classes';
import { LabelledInput, FieldError } from '../../components/admin/ui';
import { apiJson } from '../../lib/admin/api';
import { runWrite, submitted, type Written } from '../../lib/admin/screen-data';
import type { Route } from './+types/reset-password';

export function meta() {
  // the token is in this page's address: no Referer carries it to anything the page loads
  return [{ title: resetCopy.title }, { name: 'robots', content: 'noindex' }, { name: 'referrer', content: 'no-referrer' }];
}

const linkClass = 'font-medium text-brand-dark underline hover:text-orange-800';

/** The new password with the link's token: its reply's message shows on the page, a failure under the form. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await submitted<{ token: string; newPassword: string }>(request);
  return runWrite(() => apiJson<MessageReply>('/admins/password/reset', { method: 'POST', body }), { failureToast: false });
}

export default function AdminResetPassword() {
  // read once: the address bar loses it below, and the router keeps the location it started with
  const [params] = useSearchParams();
  const [token] = useState(params.get('token') ?? '');
  const [password, setPassword] = useState('');
  const fetcher = useFetcher<Written<MessageReply>>();
  const busy = fetcher.state !== 'idle';
  const outcome = busy ? undefined : fetcher.data;
  const done = outcome?.ok ? outcome.reply.message : '';
  const error = outcome?.ok === false ? outcome.error : '';
  // a used or expired link: the form goes, the way to a new link stays
  const dead = error === passwordResetMessages.linkInvalid;
  useEffect(() => {
    // out of the address bar and the history once read
    if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [token]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void fetcher.submit({ token, newPassword: password }, { method: 'post', encType: 'application/json' });
  };
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-gray-900 to-gray-700 p-4">
      <div className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-2xl">
        <KeyRound className="mb-3 h-8 w-8 text-brand-dark" aria-hidden />
        <h1 className="text-2xl font-bold">{done ? resetCopy.doneTitle : resetCopy.title}</h1>
        {done ? (
          <div role="status" className="mt-3 text-gray-700">
            <p>{done}</p>
            <p className="mt-6">
              <Link to="/admin/login" className={btn.primary}>
                {resetCopy.signIn}
              </Link>
            </p>
          </div>
        ) : token === '' || dead ? (
          <div className="mt-3 text-gray-700">
            <p role="alert">{dead ? error : resetCopy.noToken}</p>
            <p className="mt-6">
              <Link to="/admin/forgot-password" className={linkClass}>
                {resetCopy.askAgain}
              </Link>
            </p>
          </div>
        ) : (
          <form onSubmit={submit} className="mt-3 space-y-3">
            <p className="text-gray-700">{resetCopy.intro}</p>
            <LabelledInput
              id="reset-new-password"
              label={resetCopy.newPassword(PASSWORD_MIN_LENGTH)}
              type="password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <FieldError message={error} />
            <button type="submit" className={btn.primary} disabled={busy}>
              {busy ? resetCopy.submitting : resetCopy.submit}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
