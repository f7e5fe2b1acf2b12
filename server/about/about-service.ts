/** The About Us document edited in the admin and shown on the public About page. */
import { eq } from 'drizzle-orm';
import { DEFAULT_ABOUT_CONTENT, storedAboutContentSchema, type AboutContent } from '../../shared/about-content';
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
  ) {}

  /** Another process saved the About content: read it again on next use. */
  forgetCached(): void {
    this.cached = null;
    this.contentVersion.bump();
  }

  async get(): Promise<AboutContent> {
    if (this.cached) return this.cached;
    const [row] = await this.db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
    const parsed = row ? storedAboutContentSchema.safeParse(row.value) : null;
    this.cached = parsed?.success ? parsed.data : DEFAULT_ABOUT_CONTENT;
    return this.cached;
  }

  /** Saves a document already checked against aboutContentSchema (the route's body). */
  async save(content: AboutContent): Promise<AboutContent> {
    await this.db
      .insert(settings)
      .values({ key: KEY, value: content })
      .onConflictDoUpdate({ target: settings.key, set: { value: content, updatedAt: new Date() } });
    this.cached = content;
    this.contentVersion.bump();
    this.changes.publish(ABOUT_TOPIC);
    return content;
  }
}
