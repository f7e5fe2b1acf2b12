/** The About Us document edited in the admin and shown on the public About page. */
import { DEFAULT_ABOUT_CONTENT, storedAboutContentSchema, type AboutContent } from '../../shared/about-content';
import type { AuditService } from '../audit/audit-service';
import { aboutChanges } from '../audit/about-changes';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import { SettingsDocument } from '../db/settings-document';
import type { ContentVersion } from '../resources/content-version';
import type { ContentHistory } from '../history/content-history';
import type { WebhookService } from '../webhooks/webhook-service';

/** Settings key of the About Us document. */
export const ABOUT_CONTENT_KEY = 'about_content';
/** The change feed's topic for the About content. */
export const ABOUT_TOPIC = 'about';

export class AboutService extends SettingsDocument<AboutContent> {
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
        key: ABOUT_CONTENT_KEY,
        topic: ABOUT_TOPIC,
        parse: (stored) => storedAboutContentSchema.safeParse(stored),
        defaults: DEFAULT_ABOUT_CONTENT,
        audit: { kind: 'about.updated', target: { type: 'about', id: null, label: 'About Us' }, changes: aboutChanges },
        history: 'about',
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
