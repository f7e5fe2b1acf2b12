/** The public header: logo, five links with the active one underlined, compact with a shadow past 10 px, full-screen menu on phones. */
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SCROLL_THRESHOLD_PX } from '../../../shared/public-behaviour';
import { copyText } from '../../../shared/copy/public-copy';
import { PUBLIC_SITE_MAP } from '../../lib/public-site-map';
import { LANGUAGES, languageDef, splitLanguage } from '../../../shared/languages';
import { useLanguage, useLanguageLink, useLocalizedHref, usePathname, usePublicCopy } from './page-context';
import { SiteLogo } from './site-logo';
import { TwinkleParticles } from './twinkle-particles';

/** The header's links, from the pages' definitions. */
const NAV_LINKS = PUBLIC_SITE_MAP.filter((page) => page.menus.includes('header'));

/** Which link is active: its own path, or any path below it for a page that says so (any /gallery… path counts as Gallery), in any language. */
function activeNavPath(localized: string): string | null {
  const pathname = splitLanguage(localized).path;
  const match = NAV_LINKS.find((link) => link.path === pathname || (link.activeOnPrefix && pathname.startsWith(link.path)));
  return match ? match.path : null;
}

/**
 * The same page, with the same query, in each other language (docs/decisions/0049): a plain link, so it works
 * before and without JavaScript. Its text is the language's own name (marked in that language); its
 * accessible name says, in the page's language, what it does.
 */
function LanguageSwitcher() {
  const language = useLanguage();
  const linkTo = useLanguageLink();
  const copy = usePublicCopy();
  return (
    // beside the menu button on phones, after the links on wider screens
    <ul className="mr-3 ml-auto flex items-center md:mr-0 md:ml-7" aria-label={copy.language.switcherLabel}>
      {LANGUAGES.filter(({ code }) => code !== language).map(({ code }) => {
        const { ownName } = languageDef(code);
        return (
          <li key={code}>
            <a
              href={linkTo(code)}
              hrefLang={code}
              aria-label={copy.language.readIn(ownName)}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-gray-300 px-3 text-sm font-semibold text-gray-800 hover:border-brand-dark hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
            >
              <span lang={code}>{ownName}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function SiteHeader({ companyName }: { companyName: string }) {
  const pathname = usePathname();
  const localize = useLocalizedHref();
  const copy = usePublicCopy();
  const { nav } = copy;
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const active = activeNavPath(pathname);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
    };
  }, [menuOpen]);

  const linkClass = (to: string) =>
    `relative py-1 text-sm font-semibold transition-colors hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-dark ${
      active === to ? 'text-brand-dark underline decoration-2 underline-offset-8' : 'text-gray-800'
    }`;

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b border-gray-100 bg-white/95 backdrop-blur transition-all ${scrolled ? 'py-2 shadow-md' : 'py-4'}`}
    >
      <TwinkleParticles />
      <div className="relative mx-auto flex max-w-7xl items-center justify-between px-4 sm:px-6">
        {/* the old site sent the logo to the group's external website; offline we go home (docs/decisions) */}
        <a
          href={localize('/')}
          aria-label={nav.logoLabel(companyName)}
          className="rounded focus-visible:outline-2 focus-visible:outline-brand-dark"
        >
          <SiteLogo name={companyName} compact={scrolled} />
        </a>
        <nav aria-label={nav.mainNav} className="ml-auto hidden md:block">
          <ul className="flex items-center gap-7">
            {NAV_LINKS.map((link) => (
              <li key={link.path}>
                <a href={localize(link.path)} className={linkClass(link.path)} aria-current={active === link.path ? 'page' : undefined}>
                  {copyText(copy, link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher />
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-dark md:hidden"
          aria-label={nav.openMenu}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          <Menu aria-hidden="true" />
        </button>
      </div>
      {menuOpen && (
        <div
          id="mobile-menu"
          role="dialog"
          aria-modal="true"
          aria-label={nav.mainNav}
          className="fixed inset-0 z-50 flex h-dvh flex-col bg-white px-6 py-4 md:hidden"
        >
          <div className="flex items-center justify-between">
            <a href={localize('/')} aria-label={nav.logoLabel(companyName)} onClick={() => setMenuOpen(false)}>
              <SiteLogo name={companyName} />
            </a>
            <button
              type="button"
              autoFocus
              className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-dark"
              aria-label={nav.closeMenu}
              onClick={() => setMenuOpen(false)}
            >
              <X aria-hidden="true" />
            </button>
          </div>
          <nav aria-label={nav.mainNav} className="mt-10">
            <ul className="flex flex-col gap-6">
              {NAV_LINKS.map((link) => (
                <li key={link.path}>
                  <a
                    href={localize(link.path)}
                    onClick={() => setMenuOpen(false)}
                    aria-current={active === link.path ? 'page' : undefined}
                    className={`text-2xl font-bold ${active === link.path ? 'text-brand-dark underline decoration-2 underline-offset-8' : 'text-gray-900'}`}
                  >
                    {copyText(copy, link.label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
    </header>
  );
}
