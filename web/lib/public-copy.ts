/**
 * The public pages' fixed texts by language (docs/decisions/0049). English is in every page's code; another
 * language's copy is a chunk of its own, loaded only by its pages (the browser entry awaits it before hydrating).
 */
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages';
import { englishCopy, type PublicCopy } from '../../shared/copy/public-copy';

const loaders: Record<Exclude<Language, typeof DEFAULT_LANGUAGE>, () => Promise<PublicCopy>> = {
  kn: () => import('../../shared/copy/public-kn').then((module) => module.kn),
};

/** The copy of `language` (English at once, any other after its chunk has loaded). */
export function loadPublicCopy(language: Language): Promise<PublicCopy> {
  return language === DEFAULT_LANGUAGE ? Promise.resolve(englishCopy) : loaders[language]();
}
