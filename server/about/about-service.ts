/** The About Us document edited in the admin and shown on the public About page. */
import { DEFAULT_ABOUT_CONTENT, storedAboutContentSchema, type AboutContent } from '../../shared/about-content';
import { aboutChanges } from '../audit/about-changes';
import type { SettingsDocument, SettingsDocumentKind } from '../db/settings-document';

/** Settings key of the About Us document. */
export const ABOUT_CONTENT_KEY = 'about_content';
/** The change feed's topic for the About content. */
export const ABOUT_TOPIC = 'about';

/** The About Us document: saved and versioned like every settings document. */
export const ABOUT_DOCUMENT: SettingsDocumentKind<AboutContent> = {
  key: ABOUT_CONTENT_KEY,
  topic: ABOUT_TOPIC,
  parse: (stored) => storedAboutContentSchema.safeParse(stored),
  defaults: DEFAULT_ABOUT_CONTENT,
  audit: { kind: 'about.updated', target: { type: 'about', id: null, label: 'About Us' }, changes: aboutChanges },
  history: 'about',
  noun: 'About content',
};

export type AboutService = SettingsDocument<AboutContent>;
