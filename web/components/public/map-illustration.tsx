/** A drawn street map (no remote map may load here) with no street names, which the Site settings could contradict; the caption names the place and links to a real map. */
import { ExternalLink } from 'lucide-react';
import { usePublicCopy } from './page-context';

/** `place` names where the office is, `address` is the whole address (the drawing's text); `mapLink` leads to a real map. */
export function MapIllustration({
  place,
  placeLang,
  address,
  mapLink,
}: {
  place: string;
  /** 'en': the place's name is English content on a page in another language */
  placeLang?: string;
  address: string;
  mapLink: string;
}) {
  const { contact } = usePublicCopy();
  return (
    <figure className="overflow-hidden rounded-xl ring-1 ring-gray-200">
      <svg viewBox="0 0 400 240" role="img" aria-label={contact.mapTitle(address)} className="block h-auto w-full bg-[#eef2e6]">
        <rect x="250" y="20" width="120" height="70" rx="8" fill="#cfe3b8" />
        <rect x="30" y="150" width="90" height="60" rx="8" fill="#cfe3b8" />
        <path d="M0 120 H400" stroke="#fff" strokeWidth="18" />
        <path d="M0 120 H400" stroke="#f6c48f" strokeWidth="12" />
        <path d="M200 0 V240" stroke="#fff" strokeWidth="14" />
        <path d="M60 0 L140 240" stroke="#fff" strokeWidth="8" />
        <path d="M300 240 L360 0" stroke="#fff" strokeWidth="8" />
        <path d="M0 60 H180" stroke="#fff" strokeWidth="6" />
        <path d="M220 190 H400" stroke="#fff" strokeWidth="6" />
        <g transform="translate(222 96)">
          <path d="M0 0c-9 0-16 7-16 16 0 12 16 28 16 28s16-16 16-28C16 7 9 0 0 0z" fill="#c2410c" />
          <circle cx="0" cy="16" r="6" fill="#fff" />
        </g>
      </svg>
      <figcaption className="flex items-center justify-between gap-3 bg-white px-4 py-3 text-sm">
        <span className="text-gray-800" lang={placeLang}>
          {place}
        </span>
        <a
          href={mapLink}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-dark underline underline-offset-4"
        >
          {contact.openMap}
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
        </a>
      </figcaption>
    </figure>
  );
}
