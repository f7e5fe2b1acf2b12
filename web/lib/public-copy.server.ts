/** Every language's fixed texts, for the server's renders (the browser loads one: ./public-copy.ts). */
import type { Language } from '../../shared/languages';
import { englishCopy, type PublicCopy } from '../../shared/copy/public-copy';
import { kn } from '../../shared/copy/public-kn';

const copies: Record<Language, PublicCopy> = { en: englishCopy, kn };

export const publicCopyOf = (language: Language): PublicCopy => copies[language];
