/** The admin sidebar: wide (w-64) or narrow (w-20) on desktop, a drawer under 768 px. */
import {
  Briefcase,
  Building,
  Building2,
  ChevronDown,
  DatabaseBackup,
  FileText,
  GalleryHorizontal,
  Home,
  Image,
  Images,
  Info,
  LayoutDashboard,
  Library,
  Lightbulb,
  LogOut,
  Mail,
  MapPin,
  PanelLeftClose,
  PanelLeftOpen,
  Sofa,
  Star,
  Trash2,
  UserCog,
  Users,
  UsersRound,
  X,
} from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { adminNav } from '../../../shared/admin-nav';
import { layoutCopy, messagesCopy, pipelineCopy, type NavEntry, type NavGroup, type NavLeaf } from '../../../shared/copy/admin';
import { mayOpen, seesAllEnquiries, type Area } from '../../../shared/roles';
import { useNewMessageCount } from '../../lib/admin/inbox-counts';

/** The sidebar entry whose badge counts New enquiries. */
const INBOX_PATH = '/admin/users';

const icons: Record<string, typeof Home> = {
  Dashboard: LayoutDashboard,
  Home,
  'About Us': Info,
  Clients: UsersRound,
  'Team Members': Users,
  Gallery: Images,
  Projects: Building2,
  'Contact Messages': Mail,
  [pipelineCopy.myEnquiries]: Mail,
  Interior: Sofa,
  'About Us Editor': FileText,
  'Media library': Library,
  Backups: DatabaseBackup,
  Trash: Trash2,
  Account: UserCog,
  Banners: GalleryHorizontal,
  Properties: Building,
  'Top Projects': Star,
  'About Banners': Image,
  Community: UsersRound,
  'Interior Banners': Image,
  Solutions: Lightbulb,
  'Experience Centres': MapPin,
  Portfolio: Briefcase,
};

interface SidebarProps {
  collapsed: boolean;
  onToggle: () => void;
  mobileOpen: boolean;
  onCloseMobile: () => void;
  onLogout: () => void;
  email: string;
  permissions: readonly Area[];
}

/** The sidebar an account sees: only the screens its permissions open (a group left empty goes too). */
function navFor(permissions: readonly Area[]): NavEntry[] {
  return adminNav.flatMap((entry): NavEntry[] => {
    // without the enquiries area the inbox holds the enquiries assigned to the account: named so
    if (!('children' in entry) && entry.to === INBOX_PATH && !seesAllEnquiries(permissions))
      return [{ ...entry, label: pipelineCopy.myEnquiries }];
    if (!('children' in entry)) return mayOpen(permissions, entry.to) ? [entry] : [];
    const children = entry.children.filter((child) => mayOpen(permissions, child.to));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

const linkClass =
  (narrow: boolean) =>
  ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm font-medium ${narrow ? 'justify-center' : ''} ${
      isActive ? 'bg-brand-dark text-white' : 'text-gray-200 hover:bg-gray-800 hover:text-white'
    }`;

/** The count of New enquiries beside "Contact Messages" (a dot over the icon when the sidebar is narrow). */
function NewBadge({ narrow }: { narrow: boolean }) {
  const count = useNewMessageCount();
  if (!count) return null;
  return (
    <span
      data-testid="inbox-badge"
      className={`rounded-full bg-white px-1.5 text-xs font-semibold leading-5 text-gray-900 ${narrow ? 'absolute right-1 top-0' : 'ml-auto'}`}
    >
      <span aria-hidden>{count}</span>
      <span className="sr-only">{messagesCopy.newBadge(count)}</span>
    </span>
  );
}

function Leaf({ entry, narrow, onNavigate, nested }: { entry: NavLeaf; narrow: boolean; onNavigate: () => void; nested?: boolean }) {
  const Icon = icons[entry.label];
  return (
    <NavLink
      to={entry.to}
      end
      className={(state) => `${linkClass(narrow)(state)} relative`}
      onClick={onNavigate}
      title={narrow ? entry.label : undefined}
    >
      {Icon ? <Icon className={`shrink-0 ${nested ? 'h-4 w-4' : 'h-5 w-5'}`} aria-hidden /> : null}
      <span className={narrow ? 'sr-only' : ''}>{entry.label}</span>
      {entry.to === INBOX_PATH ? <NewBadge narrow={narrow} /> : null}
    </NavLink>
  );
}

function Group({ group, narrow, onNavigate }: { group: NavGroup; narrow: boolean; onNavigate: () => void }) {
  const [open, setOpen] = useState(true);
  const Icon = icons[group.label] ?? Home;
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title={narrow ? group.label : undefined}
        className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-semibold text-gray-100 hover:bg-gray-800 ${narrow ? 'justify-center' : ''}`}
      >
        <Icon className="h-5 w-5 shrink-0" aria-hidden />
        <span className={narrow ? 'sr-only' : 'flex-1 text-left'}>{group.label}</span>
        {narrow ? null : <ChevronDown className={`h-4 w-4 transition ${open ? 'rotate-180' : ''}`} aria-hidden />}
      </button>
      {open ? (
        <ul className={narrow ? 'mt-1 space-y-1' : 'ml-4 mt-1 space-y-1 border-l border-gray-700 pl-2'}>
          {group.children.map((child) => (
            <li key={child.to}>
              <Leaf entry={child} narrow={narrow} onNavigate={onNavigate} nested />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function NavList({ narrow, onNavigate, permissions }: { narrow: boolean; onNavigate: () => void; permissions: readonly Area[] }) {
  return (
    <ul className="space-y-1">
      {navFor(permissions).map((entry) =>
        'children' in entry ? (
          <Group key={entry.label} group={entry} narrow={narrow} onNavigate={onNavigate} />
        ) : (
          <li key={entry.to}>
            <Leaf entry={entry} narrow={narrow} onNavigate={onNavigate} />
          </li>
        ),
      )}
    </ul>
  );
}

export function AdminSidebar({ collapsed, onToggle, mobileOpen, onCloseMobile, onLogout, email, permissions }: SidebarProps) {
  const logout = (narrow: boolean) => (
    <button
      type="button"
      onClick={onLogout}
      title={narrow ? layoutCopy.logout : undefined}
      className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-gray-200 hover:bg-gray-800 hover:text-white ${narrow ? 'justify-center' : ''}`}
    >
      <LogOut className="h-5 w-5 shrink-0" aria-hidden />
      <span className={narrow ? 'sr-only' : ''}>{layoutCopy.logout}</span>
    </button>
  );
  return (
    <>
      {/* desktop: a fixed column that collapses */}
      <aside
        className={`fixed inset-y-0 left-0 z-30 hidden flex-col bg-gray-900 text-white transition-all md:flex ${collapsed ? 'w-20' : 'w-64'}`}
        data-testid="admin-sidebar"
      >
        <div className={`flex h-16 items-center border-b border-gray-800 px-4 ${collapsed ? 'justify-center' : 'justify-between'}`}>
          {collapsed ? null : <span className="text-lg font-bold">{layoutCopy.brand}</span>}
          <button
            type="button"
            onClick={onToggle}
            aria-label={collapsed ? layoutCopy.expand : layoutCopy.collapse}
            aria-expanded={!collapsed}
            className="rounded p-1.5 text-gray-300 hover:bg-gray-800 hover:text-white"
          >
            {collapsed ? <PanelLeftOpen className="h-5 w-5" aria-hidden /> : <PanelLeftClose className="h-5 w-5" aria-hidden />}
          </button>
        </div>
        <nav aria-label={layoutCopy.nav} className="flex-1 overflow-y-auto px-3 py-4">
          <NavList narrow={collapsed} onNavigate={() => undefined} permissions={permissions} />
        </nav>
        <div className="border-t border-gray-800 p-3">
          {collapsed ? null : <p className="mb-2 truncate px-3 text-xs text-gray-300">{email}</p>}
          {logout(collapsed)}
        </div>
      </aside>

      {/* phone: a drawer over the page */}
      {mobileOpen ? (
        <div className="fixed inset-0 z-40 md:hidden">
          <button type="button" aria-label={layoutCopy.closeMenu} className="absolute inset-0 bg-black/50" onClick={onCloseMobile} />
          <aside className="absolute inset-y-0 left-0 flex w-64 flex-col bg-gray-900 text-white shadow-xl">
            <div className="flex h-16 items-center justify-between border-b border-gray-800 px-4">
              <span className="text-lg font-bold">{layoutCopy.brand}</span>
              <button
                type="button"
                onClick={onCloseMobile}
                aria-label={layoutCopy.closeMenu}
                className="rounded p-1.5 text-gray-300 hover:bg-gray-800"
              >
                <X className="h-5 w-5" aria-hidden />
              </button>
            </div>
            <nav aria-label={layoutCopy.nav} className="flex-1 overflow-y-auto px-3 py-4">
              <NavList narrow={false} onNavigate={onCloseMobile} permissions={permissions} />
            </nav>
            <div className="border-t border-gray-800 p-3">
              <p className="mb-2 truncate px-3 text-xs text-gray-300">{email}</p>
              {logout(false)}
            </div>
          </aside>
        </div>
      ) : null}
    </>
  );
}
