/** What a schedule adds to the publish path it goes through (content-drafts.ts, settings-document.ts). */
import type { Db } from '../db/client';

/**
 * A publish or unpublish done by a schedule: `within` runs in its transaction (the job's end, so the change and the
 * job's end commit together or neither does) and `details` go into its activity entry.
 */
export interface ScheduledChange {
  within: (tx: Db) => Promise<void>;
  details: Record<string, unknown>;
}
