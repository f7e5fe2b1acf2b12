/**
 * One document kept under a key of the settings table (the About content, the Site settings): read once
 * and cached, saved in a transaction that records what changed in the audit log, and announced on the
 * change feed so every process drops its cached copy and its rendered pages.
 */
import { eq, sql } from 'drizzle-orm';
import type { AuditKind, FieldChange } from '../../shared/audit';
import type { AuditContext, AuditService, AuditTarget } from '../audit/audit-service';
import type { ContentVersion } from '../resources/content-version';
import type { ChangeFeed } from './change-feed';
import type { Db } from './client';
import { settings } from './schema';
import { historyMessages } from '../../shared/history';
import { draftMessages } from '../../shared/drafts';
import { isRecord } from '../../shared/narrow';
import { ClientError } from '../errors';
import type { ContentHistory, HistorySubject } from '../history/content-history';
import type { ScheduledChange } from '../schedules/scheduled-change';
import { contentPublished } from '../webhooks/content-published';
import type { WebhookService } from '../webhooks/webhook-service';

/** A document as its history keeps it: the whole of it. */
const snapshotOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

export interface SettingsDocumentKind<T> {
  /** The settings row's key. */
  key: string;
  /** The change feed's topic: other processes drop their copy when it is published. */
  topic: string;
  /** Reads a stored value; one that no longer fits (an older shape, a hand edit) reads as the defaults. Each problem names its place. */
  parse: (
    stored: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
  defaults: T;
  audit: { kind: AuditKind; target: AuditTarget; changes: (before: T, after: T) => Record<string, FieldChange> };
  /** The history's name for the document (`about`, `site-settings`): every save keeps a version under it. */
  history: string;
  /** What a refused save calls the document ("This … was changed by …", docs/decisions/0044). */
  noun: string;
}

/** What every settings document saves through (one set, shared by the About content and the Site settings). */
export interface SettingsDocumentDeps {
  db: Db;
  contentVersion: ContentVersion;
  changes: ChangeFeed;
  history: ContentHistory;
  audit?: AuditService;
  /** After each save: what depends on the document's images (the names withheld from visitors) is read again. */
  afterSave?: () => void;
  webhooks?: WebhookService;
}

/** How a save came about: a form's save, an earlier version brought back, or a draft published. */
interface SaveOrigin {
  restoredFrom?: number;
  published?: boolean;
  /** A publish a schedule did: its job ends in the same transaction, its details go into the activity entry. */
  scheduled?: ScheduledChange;
  /** The revision its editor opened (docs/decisions/0044): refused (409) when the document has changed since. */
  baseRevision?: string;
}

/** What a save answers: the document as stored, its version and the document's revision now (the base of the next save). */
export interface DocumentWritten<T> {
  value: T;
  version: number;
  revision: string;
}

interface Stored<T> {
  value: T;
  /** When it was last saved (null: never). */
  updatedAt: Date | null;
}

/** More places to put right than a document has (the Site settings have about forty): the value is then shown as stored. */
const MAX_PREVIEW_FIXES = 100;

/** `value` with the place at `path` as `live` has it; a list entry or a key `live` lacks is left out. */
function withLivePlace(value: unknown, live: unknown, path: readonly PropertyKey[]): unknown {
  if (path.length === 0) return live;
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === 'number') {
    const liveEntry: unknown = Array.isArray(live) ? live[head] : undefined;
    if (liveEntry === undefined) return value.filter((_entry, index) => index !== head);
    return value.map((entry: unknown, index) => (index === head ? withLivePlace(entry, liveEntry, rest) : entry));
  }
  if (isRecord(value) && typeof head === 'string') {
    const liveRecord = isRecord(live) ? live : {};
    if (!(head in liveRecord)) return Object.fromEntries(Object.entries(value).filter(([key]) => key !== head));
    return { ...value, [head]: withLivePlace(value[head], liveRecord[head], rest) };
  }
  return live;
}

export class SettingsDocument<T> {
  private cached: Stored<T> | null = null;

  constructor(
    private readonly kind: SettingsDocumentKind<T>,
    private readonly deps: SettingsDocumentDeps,
  ) {}

  /** Whose versions: the document's name, item id ''. */
  get subject(): HistorySubject {
    return { resource: this.kind.history, itemId: '' };
  }

  /** What messages call the document ("About content", "Site settings"). */
  get noun(): string {
    return this.kind.noun;
  }

  /** Who the activity log names as the document (type, label). */
  get auditTarget(): AuditTarget {
    return this.kind.audit.target;
  }

  /** Another process saved the document: read it again on next use. */
  forgetCached(): void {
    this.cached = null;
    this.deps.contentVersion.bump();
  }

  /** The saved document, or the defaults when none is saved (or it cannot be read). */
  async get(): Promise<T> {
    return (await this.read()).value;
  }

  /**
   * The document as a form holds it, for a live preview (nothing is stored): each place that does not read as the
   * document (a field half typed, a wrong kind of value) shows as the live document has it; a new list entry that does not is left out.
   */
  async previewOf(value: unknown): Promise<T> {
    const live = await this.get();
    let shown = value;
    // one place at a time: leaving out a list entry moves the places after it
    for (let attempt = 0; attempt < MAX_PREVIEW_FIXES; attempt += 1) {
      const parsed = this.kind.parse(shown);
      if (parsed.success) return parsed.data;
      const [issue] = parsed.error.issues;
      if (!issue) break;
      shown = withLivePlace(shown, live, issue.path);
    }
    return live;
  }

  /** When the document was last saved (null: never), for the sitemap's lastmod. */
  async updatedAt(): Promise<Date | null> {
    return (await this.read()).updatedAt;
  }

  private async read(): Promise<Stored<T>> {
    this.cached ??= await this.stored(this.deps.db, false);
    return this.cached;
  }

  /** The document's revision now (docs/decisions/0044): its newest version's, a draft's or the live one's. */
  async revision(): Promise<string> {
    return this.deps.history.revision(this.deps.db, this.subject);
  }

  /**
   * Locks the document for a write in `tx` and reads it: its settings row, and (the row may not exist yet) a lock of
   * its key, so of two writes on one base exactly one gets through; refused (409) when `baseRevision` is not the newest.
   */
  private async locked(tx: Db, baseRevision: string | undefined): Promise<Stored<T>> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`settings:${this.kind.key}`}))`);
    const before = await this.stored(tx, true);
    await this.deps.history.assertBase(tx, this.subject, baseRevision, this.kind.noun.toLowerCase(), snapshotOf(before.value));
    return before;
  }

  private async stored(db: Db, lock: boolean): Promise<Stored<T>> {
    const query = db.select().from(settings).where(eq(settings.key, this.kind.key)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    const parsed = row ? this.kind.parse(row.value) : null;
    return { value: parsed?.success ? parsed.data : this.kind.defaults, updatedAt: row?.updatedAt ?? null };
  }

  /**
   * Saves a document the route has already checked; `by` records the change in the audit log; every save keeps a version.
   * With a `baseRevision`, refused (409, nothing changed) when the document has changed since (docs/decisions/0044).
   */
  async save(value: T, by?: AuditContext, baseRevision?: string): Promise<DocumentWritten<T>> {
    return this.write(value, by, { baseRevision });
  }

  private async write(value: T, by: AuditContext | undefined, origin: SaveOrigin): Promise<DocumentWritten<T>> {
    const updatedAt = new Date();
    const { version, revision, published } = await this.deps.db.transaction(async (tx) => {
      // read under lock in the same transaction: the entry's "before" and the first version are what this save replaced
      const before = await this.locked(tx, origin.baseRevision);
      await tx
        .insert(settings)
        .values({ key: this.kind.key, value, updatedAt })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } });
      const { number, revision } = await this.deps.history.record(tx, this.subject, {
        snapshot: snapshotOf(value),
        event: origin.restoredFrom ? 'version-restored' : origin.published ? 'published' : 'saved',
        restoredFrom: origin.restoredFrom,
        by,
        before: before.updatedAt ? { snapshot: snapshotOf(before.value), at: before.updatedAt } : null,
      });
      if (by && this.deps.audit) {
        const { kind, target, changes } = this.kind.audit;
        const restored = origin.restoredFrom ? { restoredFrom: origin.restoredFrom } : {};
        const details = { ...restored, ...origin.scheduled?.details, changes: changes(before.value, value) };
        await this.deps.audit.record({ kind, ...by, target, details }, tx);
      }
      await origin.scheduled?.within(tx);
      const { type, label } = this.kind.audit.target;
      const published = await contentPublished(this.deps.webhooks, tx, { type, id: null, label: label ?? type, change: 'updated' });
      return { version: number, revision, published };
    });
    if (published) this.deps.webhooks?.notifyQueued();
    this.cached = { value, updatedAt };
    this.deps.contentVersion.bump();
    this.deps.changes.publish(this.kind.topic);
    this.deps.afterSave?.();
    return { value, version, revision };
  }

  /** Brings version `number` back as the live document (a new version); 400 when it no longer fits today's rules. */
  async restoreVersion(number: number, by?: AuditContext): Promise<DocumentWritten<T>> {
    const [version] = await this.deps.history.get(this.subject, number);
    const parsed = this.kind.parse(version.snapshot);
    if (!parsed.success) throw new ClientError(400, historyMessages.versionUnfit);
    return this.write(parsed.data, by, { restoredFrom: number });
  }

  /** The newest draft newer than the live document (docs/decisions/0039), read as today's shape; null when there is none. */
  async draft(): Promise<{ number: number; value: T } | null> {
    const newest = await this.deps.history.newestDraft(this.deps.db, this.subject);
    if (!newest) return null;
    const parsed = this.kind.parse(newest.snapshot);
    return { number: newest.number, value: parsed.success ? parsed.data : this.kind.defaults };
  }

  /**
   * Saves a draft of a document the route has already checked: a draft version, the live document untouched
   * (visitors see no change). `autosave` overwrites the newest version in place when it is the same author's draft already.
   * With a `baseRevision`, refused (409, nothing changed) when the document has changed since (docs/decisions/0044).
   */
  async saveDraft(
    value: T,
    by?: AuditContext,
    autosave = false,
    restoredFrom?: number,
    baseRevision?: string,
  ): Promise<{ number: number; revision: string }> {
    const before = await this.draft();
    const written = await this.deps.db.transaction(async (tx) => {
      const live = await this.locked(tx, baseRevision);
      const { number, revision } = await this.deps.history.record(tx, this.subject, {
        snapshot: snapshotOf(value),
        event: restoredFrom ? 'version-restored' : 'saved',
        restoredFrom,
        status: 'draft',
        replaceDraft: autosave,
        by,
        before: live.updatedAt ? { snapshot: snapshotOf(live.value), at: live.updatedAt } : null,
      });
      if (by && this.deps.audit && number !== before?.number) {
        await this.deps.audit.record(
          { kind: 'content.draft-saved', ...by, target: this.kind.audit.target, details: { version: number } },
          tx,
        );
      }
      return { number, revision };
    });
    // a draft may name images the live document does not: they stay withheld, read again
    this.deps.afterSave?.();
    return written;
  }

  /**
   * Publishes the newest draft: checked by today's rules (400), saved as the live document, as a save is. With a
   * `baseRevision`, refused (409) when the draft is no longer the one its editor saved (docs/decisions/0044).
   */
  async publishDraft(by?: AuditContext, scheduled?: ScheduledChange, baseRevision?: string): Promise<DocumentWritten<T>> {
    if (baseRevision !== undefined) {
      await this.deps.history.assertBase(
        this.deps.db,
        this.subject,
        baseRevision,
        this.kind.noun.toLowerCase(),
        snapshotOf(await this.get()),
      );
    }
    const newest = await this.deps.history.newestDraft(this.deps.db, this.subject);
    if (!newest) throw new ClientError(400, draftMessages.noDraftToPublish);
    const parsed = this.kind.parse(newest.snapshot);
    if (!parsed.success) throw new ClientError(400, historyMessages.versionUnfit);
    return this.write(parsed.data, by, { published: true, scheduled, baseRevision });
  }

  /** Throws the drafts newer than the live document away; 400 when there is none. */
  async discardDraft(by?: AuditContext): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.stored(tx, true);
      if (!(await this.deps.history.newestDraft(tx, this.subject))) throw new ClientError(400, draftMessages.noDraft);
      // a document never saved has no published version: its drafts go all the same (the defaults stay live)
      if ((await this.deps.history.discardDrafts(tx, this.subject)) === null) await this.deps.history.removeAll(tx, this.subject);
      if (by && this.deps.audit)
        await this.deps.audit.record({ kind: 'content.draft-discarded', ...by, target: this.kind.audit.target, details: {} }, tx);
    });
    this.deps.afterSave?.();
  }

  /** Brings version `number` back as a new draft; the live document unchanged. 400 when it no longer fits today's rules. */
  async restoreAsDraft(number: number, by?: AuditContext): Promise<{ number: number; revision: string }> {
    const [version] = await this.deps.history.get(this.subject, number);
    const parsed = this.kind.parse(version.snapshot);
    if (!parsed.success) throw new ClientError(400, historyMessages.versionUnfit);
    return this.saveDraft(parsed.data, by, false, number);
  }

  /** Removes every version but the newest (Admins). Files only they named are left to the start sweep: another document or record may name them. */
  async purgeHistory(by?: AuditContext): Promise<number> {
    const removed = await this.deps.db.transaction(async (tx) => {
      await this.stored(tx, true);
      const { removed } = await this.deps.history.purge(tx, this.subject);
      if (by && this.deps.audit) {
        await this.deps.audit.record({ kind: 'content.history-purged', ...by, target: this.kind.audit.target, details: { removed } }, tx);
      }
      return removed;
    });
    this.deps.afterSave?.();
    return removed;
  }
}
