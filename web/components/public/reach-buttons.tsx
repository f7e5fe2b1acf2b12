/** Call and WhatsApp links with the numbers from the Site settings (nothing when neither is set), and the address with its map link. */
import { MessageCircle, Phone } from 'lucide-react';
import { mapHref, telHref, whatsappHref } from '../../../shared/site-settings';
import { fieldLang } from '../../../shared/translations';
import { usePublicCopy, useSiteSettings } from './page-context';

const styles = {
  full: {
    list: 'flex flex-wrap gap-3',
    call: 'inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-dark px-5 py-2.5 text-sm font-semibold text-white hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
    whatsapp:
      'inline-flex min-h-11 items-center gap-2 rounded-full bg-green-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800',
  },
  compact: {
    list: 'flex flex-wrap gap-2',
    call: 'inline-flex min-h-11 items-center gap-1.5 rounded-full border border-gray-700 px-3 py-1.5 text-xs font-medium text-gray-200 hover:border-brand hover:text-white focus-visible:outline-2 focus-visible:outline-brand',
    whatsapp:
      'inline-flex min-h-11 items-center gap-1.5 rounded-full border border-gray-700 px-3 py-1.5 text-xs font-medium text-gray-200 hover:border-green-500 hover:text-white focus-visible:outline-2 focus-visible:outline-brand',
  },
} as const;

/** `subject` names what the visitor is looking at: the WhatsApp message says it. */
export function ReachButtons({ subject, compact = false, className = '' }: { subject: string; compact?: boolean; className?: string }) {
  const site = useSiteSettings();
  const { reach } = usePublicCopy();
  if (!site.phone && !site.whatsapp) return null;
  const style = compact ? styles.compact : styles.full;
  const icon = compact ? 'h-3.5 w-3.5' : 'h-4 w-4';
  return (
    <ul className={`${style.list} ${className}`} data-reach={compact ? 'compact' : 'full'}>
      {site.phone ? (
        <li>
          <a href={telHref(site.phone)} className={style.call} aria-label={reach.callLabel(site.phone)}>
            <Phone className={icon} aria-hidden="true" />
            {reach.call}
          </a>
        </li>
      ) : null}
      {site.whatsapp ? (
        <li>
          <a
            href={whatsappHref(site.whatsapp, reach.whatsappMessage(subject))}
            target="_blank"
            rel="noopener noreferrer"
            className={style.whatsapp}
            aria-label={reach.whatsappLabel(subject)}
          >
            <MessageCircle className={icon} aria-hidden="true" />
            {reach.whatsapp}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** The company's address, linked to its map (it opens in a new tab). */
export function AddressLink({ address, linkClassName }: { address: string; linkClassName: string }) {
  const site = useSiteSettings();
  const mapLink = mapHref(site);
  const { footer } = usePublicCopy();
  // the Site settings' address as stored in English where its translation is missing
  const lang = fieldLang(site, 'address.street') ?? fieldLang(site, 'address.locality');
  return (
    <address className="not-italic">
      {mapLink ? (
        <a href={mapLink} target="_blank" rel="noopener noreferrer" className={linkClassName}>
          <span lang={lang}>{address}</span>
          <span className="sr-only"> {footer.newTab}</span>
        </a>
      ) : (
        <span lang={lang}>{address}</span>
      )}
    </address>
  );
}
