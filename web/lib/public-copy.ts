/**
 * The public pages' fixed texts by language (docs/decisions/0049). Each language's copy is a chunk of its own,
 * English's too, loaded only by its pages (the browser entry awaits it before hydrating, alongside the page's code):
 * a Kannada page does not carry the English texts, nor an English page the Kannada ones.
 */
import type { Language } from '../../shared/languages';
import type { PublicCopy } from '../../shared/copy/public-copy';

const loaders: Record<Language, () => Promise<PublicCopy>> = {
  en: () => import('../../shared/copy/public-en').then((module) => module.englishCopy),
  kn: () => import('../../shared/copy/public-kn').then((module) => module.kn),
};

/** The copy of `language`, once its chunk has loaded. */
export function loadPublicCopy(language: Language): Promise<PublicCopy> {
  return loaders[language]();
}
