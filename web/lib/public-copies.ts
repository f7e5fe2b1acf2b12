/**
 * Every language's fixed texts, for the server's renders (the browser loads one: ./public-copy.ts). Not a
 * `.server` module: React Router's client build (the admin's, and the development server's hydration) holds the
 * route module that renders pages; visitors' public entry never imports this file.
 */
import type { Language } from '../../shared/languages';
import { type PublicCopy } from '../../shared/copy/public-copy';
import { englishCopy } from '../../shared/copy/public-en';
import { kn } from '../../shared/copy/public-kn';

const copies: Record<Language, PublicCopy> = { en: englishCopy, kn };

export const publicCopyOf = (language: Language): PublicCopy => copies[language];
