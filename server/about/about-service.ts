/** The About Us document edited in the admin and shown on the public About page. */
import { eq } from 'drizzle-orm';
import { DEFAULT_ABOUT_CONTENT, storedAboutContentSchema, type AboutContent } from '../../shared/about-content';
import { aboutChanges } from '../audit/about-changes';
import type { AuditContext, AuditService } from '../audit/audit-service';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import type { ContentVersion } from '../resources/content-version';

/** Settings key of the About Us document. */
export const ABOUT_CONTENT_KEY = 'about_content';
const KEY = ABOUT_CONTENT_KEY;
/** The change feed's topic for the About content. */
export const ABOUT_TOPIC = 'about';

export class AboutService {
  private cached: AboutContent | null = null;

  constructor(
    private readonly db: Db,
    private readonly contentVersion: ContentVersion,
    private readonly changes: ChangeFeed,
    private readonly audit?: AuditService,
  ) {}

  /** Another process saved the About content: read it again on next use. */
  forgetCached(): void {
    this.cached = null;
    this.contentVersion.bump();
  }

  async get(): Promise<AboutContent> {
    if (this.cached) return this.cached;
    this.cached = await this.stored(this.db, false);
    return this.cached;
  }

  /** When the document was last saved (null: never), for the sitemap's lastmod. */
  async updatedAt(): Promise<Date | null> {
    const [row] = await this.db.select({ at: settings.updatedAt }).from(settings).where(eq(settings.key, KEY)).limit(1);
    return row?.at ?? null;
  }

  /** The saved document, or the defaults when none is saved (or it cannot be read). */
  private async stored(db: Db, lock: boolean): Promise<AboutContent> {
    const query = db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    const parsed = row ? storedAboutContentSchema.safeParse(row.value) : null;
    return parsed?.success ? parsed.data : DEFAULT_ABOUT_CONTENT;
  }

  /** Saves a document already checked against aboutContentSchema (the route's body); `by` records it in the audit log. */
  async save(content: AboutContent, by?: AuditContext): Promise<AboutContent> {
    await this.db.transaction(async (tx) => {
      // read under lock in the same transaction: the entry's "before" is what this save replaced
      const before = by && this.audit ? await this.stored(tx, true) : null;
      await tx
        .insert(settings)
        .values({ key: KEY, value: content })
        .onConflictDoUpdate({ target: settings.key, set: { value: content, updatedAt: new Date() } });
      if (by && before) {
        await this.audit!.record(
          {
            kind: 'about.updated',
            ...by,
            target: { type: 'about', id: null, label: 'About Us' },
            details: { changes: aboutChanges(before, content) },
          },
          tx,
        );
      }
    });
    this.cached = content;
    this.contentVersion.bump();
    this.changes.publish(ABOUT_TOPIC);
    return content;
  }
}
