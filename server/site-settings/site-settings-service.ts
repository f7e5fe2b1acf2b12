/** The company's details (Site settings): one document in the settings table (server/db/settings-document.ts). */
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../shared/site-settings';
import { storedSiteSettingsSchema } from '../../shared/site-settings-schema';
import type { FieldChange } from '../../shared/audit';
import type { AuditService } from '../audit/audit-service';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import { SettingsDocument } from '../db/settings-document';
import type { ContentVersion } from '../resources/content-version';
import type { ContentHistory } from '../history/content-history';
import type { WebhookService } from '../webhooks/webhook-service';

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

export class SiteSettingsService extends SettingsDocument<SiteSettings> {
  constructor(
    db: Db,
    contentVersion: ContentVersion,
    changes: ChangeFeed,
    history: ContentHistory,
    audit?: AuditService,
    afterSave?: () => void,
    webhooks?: WebhookService,
  ) {
    super(
      {
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
      },
      db,
      contentVersion,
      changes,
      history,
      audit,
      afterSave,
      webhooks,
    );
  }
}
