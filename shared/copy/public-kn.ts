/**
 * The public site's fixed texts in Kannada (docs/decisions/0049), checked against docs/glossary-kn.md.
 * Placeholder: the English texts until the Kannada copy is written (issue 28, in progress this session).
 */
import * as en from './public';
import { projectEnquiry } from './project-enquiry';
import type { PublicCopy } from './public-copy';

export const kn: PublicCopy = {
  nav: en.nav,
  footer: en.footer,
  policies: en.policies,
  states: en.states,
  home: en.home,
  clientStories: en.clientStories,
  about: en.about,
  gallery: en.gallery,
  projects: en.projects,
  interior: en.interior,
  interiorProjects: en.interiorProjects,
  contact: en.contact,
  reach: en.reach,
  toasts: en.toasts,
  language: en.language,
  options: en.options,
  projectEnquiry,
};
