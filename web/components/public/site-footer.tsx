/** The public footer: tagline (since 2015), social links in a new tab, quick links, contact details, policies and copyright. */
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { company, footer, policies } from '../../../shared/copy/public';
import { SiteLogo } from './site-logo';

export function SiteFooter() {
  return (
    <footer className="bg-gray-950 text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <SiteLogo inverted />
          <p className="mt-4 text-sm leading-relaxed">{footer.tagline}</p>
          <h2 className="mt-6 text-sm font-semibold text-white">{footer.follow}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {footer.social.map((item) => (
              <li key={item.label}>
                <a
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-block rounded-full border border-gray-700 px-3 py-1.5 text-xs font-medium text-gray-200 hover:border-brand hover:text-white focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {item.label}
                  <span className="sr-only"> {footer.newTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label={footer.quickLinks}>
          <h2 className="text-sm font-semibold text-white">{footer.quickLinks}</h2>
          <ul className="mt-4 space-y-1 text-sm">
            {footer.quickLinkItems.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="inline-block py-1.5 hover:text-white focus-visible:outline-2 focus-visible:outline-brand">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">{footer.contactTitle}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
              <address className="not-italic">{company.address}</address>
            </li>
            <li className="flex gap-2">
              <Phone className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
              <a href={company.phoneHref} className="hover:text-white">
                {company.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
              <a href={`mailto:${company.email}`} className="hover:text-white">
                {company.email}
              </a>
            </li>
            <li className="flex gap-2">
              <Clock className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
              <span>{company.hours}</span>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">{policies.title}</h2>
          <dl className="mt-4 space-y-3 text-xs leading-relaxed">
            {footer.policies.map((item) => (
              <div key={item.id} id={item.id} className="scroll-mt-24">
                <dt className="font-semibold text-gray-200">{item.label}</dt>
                <dd>{policies[item.id]}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="border-t border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-xs sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{footer.copyright}</p>
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
