/**
 * The languages of the public site (docs/decisions/0049): the one list the routes, the switcher, the
 * hreflang alternates, the sitemap, the fonts, the copy and the admin's translation fields are read from.
 * A new language is one entry here plus its copy (shared/copy/public-<code>.ts) and its glossary.
 */

export const LANGUAGES = [
  {
    code: 'en',
    /** Its name in English (the admin's labels). */
    name: 'English',
    /** Its name in itself (the switcher's text). */
    ownName: 'English',
    /** Prefix of its pages' paths: '' keeps today's English URLs. */
    prefix: '',
    /** For dates and numbers (Intl): Indian grouping, lakh and crore. */
    locale: 'en-IN',
    ogLocale: 'en_IN',
    /** The opening hours' clock: the spec's "9AM - 8:30PM", or the 24-hour one as stored ("09:00 - 20:30"). */
    clock: '12-hour',
    /** A font the site serves for it (web/styles/fonts-<font>.css); absent: the system's. */
    font: undefined,
  },
  {
    code: 'kn',
    name: 'Kannada',
    ownName: 'ಕನ್ನಡ',
    prefix: '/kn',
    locale: 'kn-IN',
    ogLocale: 'kn_IN',
    // kn-IN's 12-hour clock marks the half-days in English ("9 AM")
    clock: '24-hour',
    font: 'kannada',
  },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export type LanguageDef = (typeof LANGUAGES)[number];

/** English: the spec's texts, today's URLs, and what a missing translation falls back to. */
export const DEFAULT_LANGUAGE = 'en' satisfies Language;

export type TranslatedLanguage = Exclude<Language, typeof DEFAULT_LANGUAGE>;
const isTranslated = (code: Language): code is TranslatedLanguage => code !== DEFAULT_LANGUAGE;

/** The languages content is translated into (all but the default). */
export const TRANSLATED_LANGUAGES: readonly TranslatedLanguage[] = LANGUAGES.map((language) => language.code).filter(isTranslated);

/**
 * The `lang` of a text kept in English on a page in `language` (the company name as registered, a network's name):
 * 'en' on another language's page, nothing on an English one (the page says it already).
 */
export function keptInEnglish(language: Language): typeof DEFAULT_LANGUAGE | undefined {
  return language === DEFAULT_LANGUAGE ? undefined : DEFAULT_LANGUAGE;
}

export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((language) => language.code === value);
export { isTranslated as isTranslatedLanguage };

export function languageDef(code: Language): LanguageDef {
  return LANGUAGES.find((language) => language.code === code) ?? LANGUAGES[0];
}

/** A page's path in a language: `/gallery` -> `/kn/gallery`, `/` -> `/kn`. */
export function localizedPath(path: string, language: Language): string {
  const { prefix } = languageDef(language);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** The language of a path and the path without its prefix: `/kn/gallery` -> kn, `/gallery`. */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  for (const language of LANGUAGES) {
    if (!language.prefix) continue;
    if (pathname === language.prefix || pathname === `${language.prefix}/`) return { language: language.code, path: '/' };
    if (pathname.startsWith(`${language.prefix}/`)) return { language: language.code, path: pathname.slice(language.prefix.length) };
  }
  return { language: DEFAULT_LANGUAGE, path: pathname };
}

/**
 * A link or redirect target in a language: a site path of the default language (with any query and hash)
 * gets the language's prefix (`/contact?sent=1` -> `/kn/contact?sent=1`, `/` -> `/kn`). A path that already
 * carries a language, an absolute URL or a fragment is left as it is.
 */
export function localizedHref(href: string, language: Language): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const cut = href.search(/[?#]/);
  const path = cut < 0 ? href : href.slice(0, cut);
  if (splitLanguage(path).language !== DEFAULT_LANGUAGE) return href;
  return localizedPath(path, language) + (cut < 0 ? '' : href.slice(cut));
}

/**
 * A page's address in every language, and `x-default` (English: the page for a visitor whose language the site
 * does not have): its hreflang alternates, in the page's head and the sitemap. Every language's page lists them all, itself included.
 */
export function languageAlternates(baseUrl: string, path: string): { hreflang: string; href: string }[] {
  return [
    ...LANGUAGES.map(({ code }) => ({ hreflang: code, href: `${baseUrl}${localizedPath(path, code)}` })),
    { hreflang: 'x-default', href: `${baseUrl}${localizedPath(path, DEFAULT_LANGUAGE)}` },
  ];
}
