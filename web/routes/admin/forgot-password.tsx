/** How an admin gets a new password: the command-line reset (no e-mail is sent by this site). */
import '../../styles/admin.css';
import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { forgotCopy } from '../../../shared/copy/admin';

export function meta() {
  return [{ title: forgotCopy.title }, { name: 'robots', content: 'noindex' }];
}

export default function AdminForgotPassword() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-gray-900 to-gray-700 p-4">
      <div className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-2xl">
        <KeyRound className="mb-3 h-8 w-8 text-brand-dark" aria-hidden />
        <h1 className="text-2xl font-bold">{forgotCopy.title}</h1>
        <p className="mt-3 text-gray-700">{forgotCopy.intro}</p>
        <pre className="mt-4 overflow-x-auto rounded-lg bg-gray-900 p-4 text-sm text-gray-100">
          <code>{forgotCopy.command('you@example.com')}</code>
        </pre>
        <p className="mt-4 text-gray-700">{forgotCopy.after}</p>
        <p className="mt-6">
          <Link to="/admin/login" className="font-medium text-brand-dark underline hover:text-orange-800">
            {forgotCopy.back}
          </Link>
        </p>
      </div>
    </main>
  );
}
