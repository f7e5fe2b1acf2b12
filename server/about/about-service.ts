/** The About Us document edited in the admin and shown on the public About page. */
import { eq } from 'drizzle-orm';
import { aboutContentSchema, DEFAULT_ABOUT_CONTENT, storedAboutContentSchema, type AboutContent } from '../../shared/about-content';
import { collectErrors } from '../../shared/validation';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { ClientError } from '../errors';
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

  async save(body: unknown): Promise<AboutContent> {
    const result = aboutContentSchema.safeParse(body);
    if (!result.success) {
      const { errors } = collectErrors(result.error);
      throw new ClientError(400, errors[0], errors);
    }
    await this.db
      .insert(settings)
      .values({ key: KEY, value: result.data })
      .onConflictDoUpdate({ target: settings.key, set: { value: result.data, updatedAt: new Date() } });
    this.cached = result.data;
    this.contentVersion.bump();
    this.changes.publish(ABOUT_TOPIC);
    return result.data;
  }
}
