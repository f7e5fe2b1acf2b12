/**
 * The one hook point of `content.published`: what counts as content going live, and what the event
 * says. Today every save is a publish (a content item created, updated, restored or shown again, the
 * About content or the Site settings saved); when drafts come, their publish step calls this instead.
 */
import type { Db } from '../db/client';
import type { WebhookService } from './webhook-service';

export interface PublishedContent {
  /** The resource key (`project`, `gallery`, …), or `about` / `site-settings`. */
  type: string;
  /** The item's id; null for a document (About, Site settings). */
  id: string | null;
  /** Its name as the admin shows it. */
  label: string;
  change: 'created' | 'updated' | 'restored' | 'shown';
}

/**
 * Fires `content.published` in the write's transaction, unless what was written is hidden from visitors.
 * True when deliveries were queued: call `webhooks.notifyQueued()` after the commit.
 */
export async function contentPublished(
  webhooks: WebhookService | undefined,
  tx: Db,
  content: PublishedContent & { hidden?: boolean },
): Promise<boolean> {
  if (!webhooks || content.hidden) return false;
  const { type, id, label, change } = content;
  return (await webhooks.emit(tx, 'content.published', { type, id, label, change })) > 0;
}
