/** The company logo: a house mark and the name, drawn inline so it uses the site font and costs no request. */
import { keptInEnglish } from '../../../shared/languages';
import { useLanguage } from './page-context';

/** The name on two lines, split at " & " (the Site settings' company name). */
export function SiteLogo({ name, compact = false, inverted = false }: { name: string; compact?: boolean; inverted?: boolean }) {
  const size = compact ? 32 : 40;
  const [first, ...rest] = name.split(' & ');
  // the name as registered, in English on every page (a Kannada screen reader then reads it as English)
  const lang = keptInEnglish(useLanguage());
  return (
    <span className="flex items-center gap-2">
      <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className="shrink-0 transition-all">
        <rect width="40" height="40" rx="8" fill="#ff6700" />
        <path d="M8 30V18l12-9 12 9v12h-8v-7h-8v7z" fill="#fff" />
      </svg>
      <span className="flex flex-col leading-none" lang={lang}>
        <span className={`text-sm font-extrabold tracking-wide uppercase ${inverted ? 'text-white' : 'text-gray-900'}`}>{first}</span>
        <span className={`text-[0.7rem] font-semibold tracking-widest uppercase ${inverted ? 'text-orange-300' : 'text-brand-dark'}`}>
          {rest.length ? `& ${rest.join(' & ')}` : ''}
        </span>
      </span>
    </span>
  );
}
