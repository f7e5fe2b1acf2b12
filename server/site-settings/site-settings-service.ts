/** The company's details (Site settings): one document in the settings table (server/db/settings-document.ts). */
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../shared/site-settings';
import { storedSiteSettingsSchema } from '../../shared/site-settings-schema';
import type { FieldChange } from '../../shared/audit';
import type { SettingsDocument, SettingsDocumentKind } from '../db/settings-document';

/** Settings key of the Site settings document. */
const SITE_SETTINGS_KEY = 'site_settings';
/** The change feed's topic for the Site settings. */
export const SITE_SETTINGS_TOPIC = 'site-settings';

/** Each value by its place ("address.street", "hours.monday.opens"). */
function flatten(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) flatten(entry, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, String(value));
  return into;
}

/** Only what differs, before and after. */
function siteSettingsChanges(before: SiteSettings, after: SiteSettings): Record<string, FieldChange> {
  const old = flatten(before);
  const changes: Record<string, FieldChange> = {};
  for (const [place, value] of flatten(after)) if (old.get(place) !== value) changes[place] = { before: old.get(place), after: value };
  return changes;
}

/** The Site settings document: saved and versioned like every settings document. */
export const SITE_SETTINGS_DOCUMENT: SettingsDocumentKind<SiteSettings> = {
  key: SITE_SETTINGS_KEY,
  topic: SITE_SETTINGS_TOPIC,
  parse: (stored) => storedSiteSettingsSchema.safeParse(stored),
  defaults: DEFAULT_SITE_SETTINGS,
  audit: {
    kind: 'site-settings.updated',
    target: { type: 'site-settings', id: null, label: 'Site settings' },
    changes: siteSettingsChanges,
  },
  history: 'site-settings',
  noun: 'Site settings',
};

export type SiteSettingsService = SettingsDocument<SiteSettings>;
