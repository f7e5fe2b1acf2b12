/**
 * One document kept under a key of the settings table (the About content, the Site settings): read once
 * and cached, saved in a transaction that records what changed in the audit log, and announced on the
 * change feed so every process drops its cached copy and its rendered pages.
 */
import { eq } from 'drizzle-orm';
import type { AuditKind, FieldChange } from '../../shared/audit';
import type { AuditContext, AuditService, AuditTarget } from '../audit/audit-service';
import type { ContentVersion } from '../resources/content-version';
import type { ChangeFeed } from './change-feed';
import type { Db } from './client';
import { settings } from './schema';

export interface SettingsDocumentKind<T> {
  /** The settings row's key. */
  key: string;
  /** The change feed's topic: other processes drop their copy when it is published. */
  topic: string;
  /** Reads a stored value; one that no longer fits (an older shape, a hand edit) reads as the defaults. */
  parse: (stored: unknown) => { success: true; data: T } | { success: false };
  defaults: T;
  audit: { kind: AuditKind; target: AuditTarget; changes: (before: T, after: T) => Record<string, FieldChange> };
}

interface Stored<T> {
  value: T;
  /** When it was last saved (null: never). */
  updatedAt: Date | null;
}

export class SettingsDocument<T> {
  private cached: Stored<T> | null = null;

  constructor(
    private readonly kind: SettingsDocumentKind<T>,
    private readonly db: Db,
    private readonly contentVersion: ContentVersion,
    private readonly changes: ChangeFeed,
    private readonly audit?: AuditService,
  ) {}

  /** Another process saved the document: read it again on next use. */
  forgetCached(): void {
    this.cached = null;
    this.contentVersion.bump();
  }

  /** The saved document, or the defaults when none is saved (or it cannot be read). */
  async get(): Promise<T> {
    return (await this.read()).value;
  }

  /** When the document was last saved (null: never), for the sitemap's lastmod. */
  async updatedAt(): Promise<Date | null> {
    return (await this.read()).updatedAt;
  }

  private async read(): Promise<Stored<T>> {
    this.cached ??= await this.stored(this.db, false);
    return this.cached;
  }

  private async stored(db: Db, lock: boolean): Promise<Stored<T>> {
    const query = db.select().from(settings).where(eq(settings.key, this.kind.key)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    const parsed = row ? this.kind.parse(row.value) : null;
    return { value: parsed?.success ? parsed.data : this.kind.defaults, updatedAt: row?.updatedAt ?? null };
  }

  /** Saves a document the route has already checked; `by` records the change in the audit log. */
  async save(value: T, by?: AuditContext): Promise<T> {
    const updatedAt = new Date();
    await this.db.transaction(async (tx) => {
      // read under lock in the same transaction: the entry's "before" is what this save replaced
      const before = by && this.audit ? (await this.stored(tx, true)).value : null;
      await tx
        .insert(settings)
        .values({ key: this.kind.key, value, updatedAt })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } });
      if (by && before && this.audit) {
        const { kind, target, changes } = this.kind.audit;
        await this.audit.record({ kind, ...by, target, details: { changes: changes(before, value) } }, tx);
      }
    });
    this.cached = { value, updatedAt };
    this.contentVersion.bump();
    this.changes.publish(this.kind.topic);
    return value;
  }
}
