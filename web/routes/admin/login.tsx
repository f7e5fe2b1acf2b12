/** Admin login (also served at /login, where logout lands). */
import '../../styles/admin.css';
import { Eye, EyeOff, Lock } from 'lucide-react';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginCopy } from '../../../shared/copy/admin';
import { btn, input, label } from '../../components/admin/classes';
import { LabelledInput, SignInAlert } from '../../components/admin/ui';
import { LoginSecondStep, secondStepOf, type SecondStep } from '../../components/admin/login-second-step';
import { forgetStoredSession, postLogin, safeNextPath } from '../../lib/admin/auth';

export function meta() {
  return [{ title: `${loginCopy.title}` }, { name: 'robots', content: 'noindex' }];
}

/** Whether React runs here is all that is read: it never changes once it does. */
const noChanges = () => () => undefined;

export default function AdminLogin() {
  const navigate = useNavigate();
  // a signed-out visit to an admin screen comes back to it; a changed password says why the login shows
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const passwordChanged = (useLocation().state as { reason?: string } | null)?.reason === 'password-changed';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  // two-factor sign-in: the password was right, a code (or the set-up) comes next
  const [second, setSecond] = useState<SecondStep | null>(null);
  // the server has set the session cookie; the token in the reply is for scripts, and is not kept
  const signedIn = () => {
    forgetStoredSession();
    navigate(next ?? '/admin/dashboard', { replace: true });
  };
  // the form works only once React runs; until then (the server's render, and hydrating it) it stays disabled so nothing typed is lost
  const ready = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError('');
    try {
      const answer = await postLogin(email, password);
      if (answer.ok) {
        if ('token' in answer.body) {
          signedIn();
          return;
        }
        setSecond(await secondStepOf(answer.body));
        setSubmitting(false);
        return;
      }
      setError(answer.body.message || loginCopy.failed);
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
            step={second}
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
              {/* the navigation's state, which the server's render of a reload does not have: shown once hydrated */}
              {passwordChanged && ready ? (
                <p role="status" className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
                  {loginCopy.passwordChanged}
                </p>
              ) : null}
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
              <SignInAlert message={error} />
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
