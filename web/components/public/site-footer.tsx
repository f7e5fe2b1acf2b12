/** The public footer: tagline (since 2015), the filled-in social links in a new tab, quick links, contact details from the Site settings, policies and copyright. */
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { copyText, type PublicCopy } from '../../../shared/copy/public-copy';
import { keptInEnglish, localizedPath, splitLanguage } from '../../../shared/languages';
import { addressLine, openingHoursText, socialLinks, telHref, type SiteSettings } from '../../../shared/site-settings';
import { AddressLink, ReachButtons } from './reach-buttons';
import { useLanguage, usePathname, usePublicCopy } from './page-context';
import { SiteLogo } from './site-logo';
import { PUBLIC_SITE_MAP } from '../../lib/public-site-map';

/** The footer's quick links, from the pages' definitions. */
const QUICK_LINKS = PUBLIC_SITE_MAP.filter((page) => page.menus.includes('footer'));

/** A policy's id: each language's copy keeps the English ids (they are the links' anchors). */
type PolicyId = Exclude<keyof PublicCopy['policies'], 'title'>;

export function SiteFooter({ site }: { site: SiteSettings }) {
  const copy = usePublicCopy();
  const { footer, policies } = copy;
  const language = useLanguage();
  // the page a visitor is on, named for the WhatsApp message
  const { path } = splitLanguage(usePathname());
  const current = PUBLIC_SITE_MAP.find((page) => page.path === path);
  const social = socialLinks(site);
  const address = addressLine(site);
  const hours = openingHoursText(site, language, copy.options.weekday);
  return (
    <footer className="bg-gray-950 text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <SiteLogo name={site.companyName} inverted />
          <p className="mt-4 text-sm leading-relaxed">{footer.tagline}</p>
          {social.length > 0 && (
            <>
              <h2 className="mt-6 text-sm font-semibold text-white">{footer.follow}</h2>
              <ul className="mt-3 flex flex-wrap gap-2" data-social>
                {social.map((item) => (
                  <li key={item.network}>
                    <a
                      href={item.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-block rounded-full border border-gray-700 px-3 py-1.5 text-xs font-medium text-gray-200 hover:border-brand hover:text-white focus-visible:outline-2 focus-visible:outline-brand"
                    >
                      <span lang={keptInEnglish(language)}>{item.label}</span>
                      <span className="sr-only"> {footer.newTab}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <nav aria-label={footer.quickLinks}>
          <h2 className="text-sm font-semibold text-white">{footer.quickLinks}</h2>
          <ul className="mt-4 space-y-1 text-sm">
            {QUICK_LINKS.map((item) => (
              <li key={item.path}>
                <a
                  href={localizedPath(item.path, language)}
                  className="inline-block py-1.5 hover:text-white focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {copyText(copy, item.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">{footer.contactTitle}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {address && (
              <li className="flex gap-2">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
                <AddressLink address={address} linkClassName="hover:text-white" />
              </li>
            )}
            {site.phone && (
              <li className="flex gap-2">
                <Phone className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
                <a href={telHref(site.phone)} className="hover:text-white">
                  {site.phone}
                </a>
              </li>
            )}
            {site.email && (
              <li className="flex gap-2">
                <Mail className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
                <a href={`mailto:${site.email}`} className="hover:text-white">
                  {site.email}
                </a>
              </li>
            )}
            {hours.length > 0 && (
              <li className="flex gap-2">
                <Clock className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
                <span>{hours.join(', ')}</span>
              </li>
            )}
          </ul>
          <ReachButtons subject={current ? copyText(copy, current.label) : site.companyName} compact className="mt-4" />
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">{policies.title}</h2>
          <dl className="mt-4 space-y-3 text-xs leading-relaxed">
            {footer.policies.map((item) => (
              <div key={item.id} id={item.id} className="scroll-mt-24">
                <dt className="font-semibold text-gray-200">{item.label}</dt>
                <dd>{policies[item.id as PolicyId]}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="border-t border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-xs sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            <NameInText text={footer.copyright(site.companyName)} name={site.companyName} />
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            {footer.policies.map((item) => (
              <li key={item.id}>
                <a
                  href={`#${item.id}`}
                  className="inline-block py-1.5 hover:text-white focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

/** A text of the copy with the company name in it: the name marked as the English it is registered in. */
function NameInText({ text, name }: { text: string; name: string }) {
  const lang = keptInEnglish(useLanguage());
  const at = text.indexOf(name);
  if (!lang || at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span lang={lang}>{name}</span>
      {text.slice(at + name.length)}
    </>
  );
}
