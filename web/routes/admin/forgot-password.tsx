/**
 * How an admin gets a new password: with mail (SMTP_URL set) a reset link by e-mail; without, the
 * command-line reset by whoever runs the site.
 */
import '../../styles/admin.css';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useFetcher, useLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { ResetAvailableReply } from '../../../shared/accounts';
import { forgotCopy } from '../../../shared/copy/admin';
import type { MessageReply } from '../../../shared/replies';
import { btn } from '../../components/admin/classes';
import { LabelledInput, FieldError } from '../../components/admin/ui';
import { apiJson } from '../../lib/admin/api';
import { runWrite, submitted, type Written } from '../../lib/admin/screen-data';
import type { Route } from './+types/forgot-password';

export function meta() {
  return [{ title: forgotCopy.title }, { name: 'robots', content: 'noindex' }];
}

function CommandLine() {
  return (
    <>
      <p className="mt-3 text-gray-700">{forgotCopy.intro}</p>
      <pre className="mt-4 overflow-x-auto rounded-lg bg-gray-900 p-4 text-sm text-gray-100">
        <code>{forgotCopy.command('you@example.com')}</code>
      </pre>
      <p className="mt-4 text-gray-700">{forgotCopy.after}</p>
    </>
  );
}

/** Whether the server can send mail (no answer: the command line). */
export async function clientLoader() {
  const mail = await apiJson<ResetAvailableReply>('/admins/password/forgot').then(
    (reply) => reply.mail,
    () => false,
  );
  return { mail };
}
clientLoader.hydrate = true as const;

/** The reset link asked for: its reply's message shows on the page, a failure under the form. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { email } = await submitted<{ email: string }>(request);
  return runWrite(() => apiJson<MessageReply>('/admins/password/forgot', { method: 'POST', body: { email } }), { failureToast: false });
}

/** Asking for a link changes nothing the page read. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

function ByMail() {
  const [email, setEmail] = useState('');
  const fetcher = useFetcher<Written<MessageReply>>();
  const busy = fetcher.state !== 'idle';
  const outcome = busy ? undefined : fetcher.data;
  const sent = outcome?.ok ? outcome.reply.message : '';
  const error = outcome?.ok === false ? outcome.error : '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void fetcher.submit({ email }, { method: 'post', encType: 'application/json' });
  };
  if (sent) {
    return (
      <div role="status" className="mt-3 space-y-2 text-gray-700">
        <h2 className="text-lg font-semibold text-gray-900">{forgotCopy.sent}</h2>
        <p>{sent}</p>
        <p>{forgotCopy.sentNext}</p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="mt-3 space-y-3">
      <p className="text-gray-700">{forgotCopy.mailIntro}</p>
      <LabelledInput
        id="forgot-email"
        label={forgotCopy.email}
        type="email"
        required
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
      />
      <FieldError message={error} />
      <button type="submit" className={btn.primary} disabled={busy}>
        {busy ? forgotCopy.sending : forgotCopy.send}
      </button>
    </form>
  );
}

/** The page around its content (none until the server has said whether it can send mail). */
function Page({ children }: { children?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-gray-900 to-gray-700 p-4">
      <div className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-2xl">
        <KeyRound className="mb-3 h-8 w-8 text-brand-dark" aria-hidden />
        <h1 className="text-2xl font-bold">{forgotCopy.title}</h1>
        {children}
        <p className="mt-6">
          <Link to="/admin/login" className="font-medium text-brand-dark underline hover:text-orange-800">
            {forgotCopy.back}
          </Link>
        </p>
      </div>
    </main>
  );
}

export function HydrateFallback() {
  return <Page />;
}

export default function AdminForgotPassword() {
  const { mail } = useLoaderData<typeof clientLoader>();
  return <Page>{mail ? <ByMail /> : <CommandLine />}</Page>;
}
