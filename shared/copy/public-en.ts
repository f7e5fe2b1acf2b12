/**
 * The spec's English texts as one bundle (./public-copy.ts): the default language's copy. Its own module, so
 * the browser loads it only on English pages (web/lib/public-copy.ts, vite.public.config.ts).
 */
import * as english from './public';
import { projectEnquiry } from './project-enquiry';
import type { PublicCopy } from './public-copy';

export const englishCopy: PublicCopy = {
  nav: english.nav,
  footer: english.footer,
  policies: english.policies,
  states: english.states,
  home: english.home,
  clientStories: english.clientStories,
  about: english.about,
  gallery: english.gallery,
  projects: english.projects,
  interior: english.interior,
  interiorProjects: english.interiorProjects,
  contact: english.contact,
  reach: english.reach,
  toasts: english.toasts,
  language: english.language,
  options: english.options,
  projectEnquiry,
};
