/** Guarded layout of every admin screen: checks the session (its cookie) with the server, then sidebar + main area. */
import '../../styles/admin.css';
import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, Outlet, redirect, useLoaderData, useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Toaster } from 'sonner';
import { adminNav } from '../../../shared/admin-nav';
import { layoutCopy, securityCopy } from '../../../shared/copy/admin';
import { mayOpen } from '../../../shared/roles';
import { resourceAtPath, resources } from '../../../shared/resources';
import { AdminSidebar } from '../../components/admin/admin-sidebar';
import { Watermark } from '../../components/public/watermark';
import { Spinner } from '../../components/admin/ui';
import { AdminLimitsContext } from '../../lib/admin/admin-limits';
import { adminLimits } from '../../lib/admin/admin-limits.server';
import { SessionKeeper } from '../../components/admin/session-keeper';
import { checkSignedIn, forgetStoredSession, loginPathFor, logout as endSession } from '../../lib/admin/auth';
import { AdminMeContext, mustEnrol, noteTwoFactor, useNotedAccount } from '../../lib/admin/me';
import type { Route } from './+types/admin-layout';

/** On the server: its own limits (MAX_IMAGE_MB, the shortest password) for the forms' checks; nothing secret. */
export function loader({ context }: Route.LoaderArgs) {
  return { limits: adminLimits(context) };
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  forgetStoredSession();
  // after a server render the server's data is at hand; after a client navigation it is one request, beside /admins/me
  const [me, server] = await Promise.allSettled([checkSignedIn(), serverLoader()]);
  // no live session (or no answer at all): a fresh login, which comes back here (the e-mail alert's link, say)
  if (me.status === 'rejected' || me.value === null) return redirect(loginPathFor(new URL(request.url)));
  if (server.status === 'rejected') throw server.reason;
  // the account as read now: two-factor sign-in as the server has it, not as noted since the last read
  noteTwoFactor(null);
  return { me: me.value, limits: server.value.limits };
}
clientLoader.hydrate = true as const;

/**
 * The account is read again on a move to another screen only: a screen's own write (its action), its Try
 * again or Refresh, and a list's search, filters and page (the query) read that screen's data alone.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return false;
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export function HydrateFallback() {
  return <Spinner label={layoutCopy.loading} />;
}

/** The sidebar label of the current screen names the browser tab (the alias path shows Top Projects). */
function screenLabel(pathname: string): string | undefined {
  // an alias path (the spec's misspelt Top Projects path) shows its resource's label
  const key = resourceAtPath(resources, pathname);
  const path = key ? resources[key].admin.path : pathname.replace(/\/+$/, '');
  const leaves = adminNav.flatMap((entry) => ('children' in entry ? entry.children : [entry]));
  return leaves.find((leaf) => leaf.to === path)?.label;
}

export function meta({ location }: { location: { pathname: string } }) {
  const label = screenLabel(location.pathname);
  return [{ title: label ? `${label} | Admin` : 'Admin' }, { name: 'robots', content: 'noindex' }];
}

/** The account screen, whose two-factor section is the enrolment of an account REQUIRE_2FA waits on. */
const ENROLMENT_PATH = '/admin/account';

/** What an Editor sees on an Admin's screen (the server refuses its calls too). */
function NotAllowed() {
  return (
    <section className="rounded-xl border border-amber-200 bg-amber-50 p-6" data-testid="not-allowed">
      <h1 className="text-xl font-bold text-gray-900">{securityCopy.notAllowedTitle}</h1>
      <p className="mt-2 text-gray-800">{securityCopy.notAllowed}</p>
      <Link to="/admin/dashboard" className="mt-4 inline-block font-medium text-brand-dark underline">
        {securityCopy.backToDashboard}
      </Link>
    </section>
  );
}

export default function AdminLayout() {
  const { limits, me: loaded } = useLoaderData<typeof clientLoader>();
  // turned on (or off) on the account screen, without asking the server again
  const me = useNotedAccount(loaded);
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigate = useNavigate();
  const logout = async () => {
    // the server ends the session and clears its cookie before the login shows
    await endSession();
    navigate('/login', { replace: true });
  };
  return (
    <div className="min-h-screen bg-gray-50">
      <AdminSidebar
        collapsed={collapsed}
        onToggle={() => setCollapsed(!collapsed)}
        mobileOpen={mobileOpen}
        onCloseMobile={() => setMobileOpen(false)}
        onLogout={() => void logout()}
        email={me.email}
        permissions={me.permissions}
      />
      <div className={collapsed ? 'md:pl-20' : 'md:pl-64'}>
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-gray-200 bg-white px-4 md:hidden">
          <button
            type="button"
            aria-label={layoutCopy.openMenu}
            onClick={() => setMobileOpen(true)}
            className="rounded p-1.5 text-gray-800 hover:bg-gray-100"
          >
            <Menu className="h-6 w-6" aria-hidden />
          </button>
          <span className="font-semibold">{layoutCopy.brand}</span>
        </header>
        <main className="mx-auto max-w-7xl p-4 sm:p-6 lg:p-8">
          <AdminLimitsContext value={limits}>
            <AdminMeContext value={me}>
              {mustEnrol(me) && pathname !== ENROLMENT_PATH ? (
                // REQUIRE_2FA: an account without two-factor is taken to its enrolment, not shown errors everywhere
                <Navigate to={ENROLMENT_PATH} replace />
              ) : mayOpen(me.permissions, pathname) ? (
                <Outlet />
              ) : (
                <NotAllowed />
              )}
            </AdminMeContext>
          </AdminLimitsContext>
        </main>
      </div>
      {/* the spec's decorative watermark sits on every page, the admin's too */}
      <Watermark />
      <Toaster position="top-right" richColors closeButton />
      <SessionKeeper email={me.email} onSignOut={() => void logout()} />
    </div>
  );
}
