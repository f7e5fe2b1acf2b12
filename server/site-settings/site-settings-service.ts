/** The company's details (Site settings): one document in the settings table, cached, audited on save. */
import { eq } from 'drizzle-orm';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../shared/site-settings';
import { siteSettingsSchema } from '../../shared/site-settings-schema';
import type { FieldChange } from '../../shared/audit';
import type { AuditContext, AuditService } from '../audit/audit-service';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import type { ContentVersion } from '../resources/content-version';

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

export class SiteSettingsService {
  private cached: { value: SiteSettings; updatedAt: Date | null } | null = null;

  constructor(
    private readonly db: Db,
    private readonly contentVersion: ContentVersion,
    private readonly changes: ChangeFeed,
    private readonly audit?: AuditService,
  ) {}

  /** Another process saved the settings: read them again on next use. */
  forgetCached(): void {
    this.cached = null;
    this.contentVersion.bump();
  }

  /** The saved settings, or the defaults when none are saved (or they cannot be read). */
  async get(): Promise<SiteSettings> {
    return (await this.read()).value;
  }

  /** When the settings were last saved (null: never), for the sitemap's lastmod. */
  async updatedAt(): Promise<Date | null> {
    return (await this.read()).updatedAt;
  }

  private async read(): Promise<{ value: SiteSettings; updatedAt: Date | null }> {
    this.cached ??= await this.stored(this.db, false);
    return this.cached;
  }

  private async stored(db: Db, lock: boolean): Promise<{ value: SiteSettings; updatedAt: Date | null }> {
    const query = db.select().from(settings).where(eq(settings.key, SITE_SETTINGS_KEY)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    const parsed = row ? siteSettingsSchema.safeParse(row.value) : null;
    return parsed?.success
      ? { value: parsed.data, updatedAt: row!.updatedAt }
      : { value: DEFAULT_SITE_SETTINGS, updatedAt: row?.updatedAt ?? null };
  }

  /** Saves settings already checked against siteSettingsSchema (the route's body); `by` records it in the audit log. */
  async save(value: SiteSettings, by?: AuditContext): Promise<SiteSettings> {
    const updatedAt = new Date();
    await this.db.transaction(async (tx) => {
      // read under lock in the same transaction: the entry's "before" is what this save replaced
      const before = by && this.audit ? (await this.stored(tx, true)).value : null;
      await tx
        .insert(settings)
        .values({ key: SITE_SETTINGS_KEY, value, updatedAt })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } });
      if (by && before) {
        await this.audit!.record(
          {
            kind: 'site-settings.updated',
            ...by,
            target: { type: 'site-settings', id: null, label: 'Site settings' },
            details: { changes: siteSettingsChanges(before, value) },
          },
          tx,
        );
      }
    });
    this.cached = { value, updatedAt };
    this.contentVersion.bump();
    this.changes.publish(SITE_SETTINGS_TOPIC);
    return value;
  }
}
