/** Admin login (also served at /login, where logout lands). */
import '../../styles/admin.css';
import { Eye, EyeOff, Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { loginCopy } from '../../../shared/copy/admin';
import { btn, input, label } from '../../components/admin/classes';
import { LabelledInput } from '../../components/admin/ui';
import { LoginSecondStep } from '../../components/admin/login-second-step';
import { forgetStoredSession } from '../../lib/admin/auth';

export function meta() {
  return [{ title: `${loginCopy.title}` }, { name: 'robots', content: 'noindex' }];
}

interface LoginReply {
  success?: boolean;
  token?: string;
  admin?: { email?: string };
  message?: string;
  twoFactorRequired?: boolean;
  twoFactorSetupRequired?: boolean;
  challenge?: string;
}

export default function AdminLogin() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  // two-factor sign-in: the password was right, a code (or the set-up) comes next
  const [second, setSecond] = useState<{ challenge: string; enrol: boolean } | null>(null);
  // the server has set the session cookie; the token in the reply is for scripts, and is not kept
  const signedIn = () => {
    forgetStoredSession();
    navigate('/admin/dashboard', { replace: true });
  };
  // the form works only once React runs; until then it stays disabled so nothing typed is lost
  const [ready, setReady] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setReady(true), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError('');
    try {
      const response = await fetch('/api/admins/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await response.json().catch(() => ({}))) as LoginReply;
      if (response.ok && body.token) {
        signedIn();
        return;
      }
      if (response.ok && body.challenge) {
        setSecond({ challenge: body.challenge, enrol: Boolean(body.twoFactorSetupRequired) });
        setSubmitting(false);
        return;
      }
      setError(body.message || loginCopy.failed);
    } catch {
      setError(loginCopy.network);
    }
    setSubmitting(false);
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-gray-900 to-gray-700 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-orange-100 text-brand-dark">
            <Lock className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">{loginCopy.title}</h1>
          <p className="mt-1 text-sm text-gray-600">{loginCopy.subtitle}</p>
        </div>
        {second ? (
          <LoginSecondStep
            challenge={second.challenge}
            enrol={second.enrol}
            onSession={signedIn}
            onStartOver={() => {
              setSecond(null);
              setPassword('');
            }}
          />
        ) : (
          <form onSubmit={submit}>
            <fieldset disabled={!ready} className="space-y-4">
              <legend className="sr-only">{loginCopy.title}</legend>
              <LabelledInput
                id="login-email"
                label={loginCopy.email}
                type="email"
                required
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <div>
                <label htmlFor="login-password" className={label}>
                  {loginCopy.password}
                </label>
                <div className="relative">
                  <input
                    id="login-password"
                    type={showPassword ? 'text' : 'password'}
                    required
                    autoComplete="current-password"
                    className={`${input} pr-11`}
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                  />
                  <button
                    type="button"
                    onClick={() => setShowPassword(!showPassword)}
                    aria-label={showPassword ? loginCopy.hidePassword : loginCopy.showPassword}
                    aria-pressed={showPassword}
                    className="absolute inset-y-0 right-0 flex items-center px-3 text-gray-600 hover:text-gray-900"
                  >
                    {showPassword ? <EyeOff className="h-5 w-5" aria-hidden /> : <Eye className="h-5 w-5" aria-hidden />}
                  </button>
                </div>
              </div>
              {error ? (
                <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                  {error}
                </p>
              ) : null}
              <button type="submit" className={`${btn.primary} w-full`} disabled={submitting}>
                {submitting ? loginCopy.submitting : loginCopy.submit}
              </button>
              <p className="text-center text-sm">
                <Link to="/admin/forgot-password" className="font-medium text-brand-dark underline hover:text-orange-800">
                  {loginCopy.forgot}
                </Link>
              </p>
            </fieldset>
          </form>
        )}
      </div>
    </main>
  );
}
