/**
 * Preview links of drafts (docs/decisions/0043, 0045): a token signed with the installation's secret (the one sessions
 * use, kept in the database so every instance checks it alike) naming the item, or the document (the About content, the
 * Site settings), and the newest version it had when the link was made. Opening it gives the item or the document as its
 * draft stands now; it is refused once it expires, once a version is published after it (the draft it showed went live,
 * or a save overtook it), or once there is no draft any more or the item is deleted.
 */
import { jwtVerify, SignJWT } from 'jose';
import { and, desc, eq, gt } from 'drizzle-orm';
import { documentPreviewValues, PREVIEW_DOCUMENTS, type DocumentPreviewValues, type PreviewDocument } from '../../shared/live-preview';
import { isOneOf } from '../../shared/narrow';
import { PREVIEW_LINK_DAYS, previewLinkMessages } from '../../shared/preview-links';
import { snapshotImageUrls } from '../../shared/version-snapshots';
import { contentVersions } from '../db/schema';
import type { Db } from '../db/client';
import { ClientError } from '../errors';
import type { ContentHistory, HistorySubject } from '../history/content-history';
import { findLiveRow, imageUrls, snapshotColumns, toRecord, type AnyRecord } from './content-records';
import type { ContentResources } from './content-resources';
import type { PreviewedDocuments } from './document-previews';

const ISSUER = 'site-admin';
const AUDIENCE = 'site-draft-preview';

/** What an open link of an item's draft shows: the resource and the item as its draft stands. */
export interface DraftPreview {
  key: string;
  record: AnyRecord;
  /** The stored image URLs the draft names (a visitor with the link may load them, hidden or not). */
  images: string[];
}

/** What an open link of a document's draft shows: the document as its draft stands, in place of the stored one. */
export interface DocumentDraftPreview {
  document: PreviewDocument;
  values: DocumentPreviewValues;
  /** The stored image URLs the draft names (a visitor with the link may load them, withheld or not). */
  images: string[];
}

/** What a token names: an item and the newest version it had, or a document and its newest version. */
type Claims = { key: string; id: string; newest: number } | { document: PreviewDocument; newest: number };

export interface PreviewLinkOptions {
  db: Db;
  secret: Uint8Array;
  resources: ContentResources;
  history: ContentHistory;
  /** The About content and the Site settings, whose drafts have links too. */
  documents: PreviewedDocuments;
  /** How long a link works, in seconds (tests shorten it). */
  lifetimeSeconds?: number;
}

export class PreviewLinks {
  private readonly lifetimeSeconds: number;

  constructor(private readonly options: PreviewLinkOptions) {
    this.lifetimeSeconds = options.lifetimeSeconds ?? PREVIEW_LINK_DAYS * 24 * 3600;
  }

  /** A link to the item's draft: 400 when it has none to show, 404 when the item is gone. */
  async create(key: string, id: string): Promise<{ token: string; expiresAt: Date }> {
    const served = this.options.resources.get(key);
    const row = await findLiveRow(this.options.db, served, id);
    const subject: HistorySubject = { resource: key, itemId: id };
    const draft = await this.options.history.newestDraft(this.options.db, subject);
    if (!draft && row.published !== false) throw new ClientError(400, previewLinkMessages.nothingToPreview);
    const newest = await this.newestNumber(subject);
    return this.sign(new SignJWT({ res: key, n: newest ?? 0 }).setSubject(id));
  }

  /** A link to a document's draft: 400 when it has none. */
  async createForDocument(name: PreviewDocument): Promise<{ token: string; expiresAt: Date }> {
    const { document } = this.options.documents[name];
    if (!(await this.options.history.newestDraft(this.options.db, document.subject)))
      throw new ClientError(400, previewLinkMessages.noDocumentDraft(document.noun));
    const newest = await this.newestNumber(document.subject);
    return this.sign(new SignJWT({ doc: name, n: newest ?? 0 }));
  }

  private async sign(claims: SignJWT): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date((Math.floor(Date.now() / 1000) + this.lifetimeSeconds) * 1000);
    const token = await claims
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.options.secret);
    return { token, expiresAt };
  }

  /** The draft a link shows, or null when the link is forged, expired or stale, or its item has no draft or is gone. */
  async open(token: string): Promise<DraftPreview | DocumentDraftPreview | null> {
    const claims = await this.verify(token);
    if (!claims) return null;
    if ('document' in claims) return this.openDocument(claims.document, claims.newest);
    const { key, id, newest } = claims;
    if (!this.options.resources.serves(key)) return null;
    const served = this.options.resources.get(key);
    let row;
    try {
      row = await findLiveRow(this.options.db, served, id);
    } catch (error) {
      if (error instanceof ClientError) return null;
      throw error;
    }
    if (await this.publishedSince({ resource: key, itemId: id }, newest)) return null;
    const draft = await this.options.history.newestDraft(this.options.db, { resource: key, itemId: id });
    if (!draft && row.published !== false) return null;
    const { def } = served;
    let columns: Record<string, unknown> = {};
    try {
      columns = draft ? snapshotColumns(def, draft.snapshot) : {};
    } catch (error) {
      // a draft that no longer fits today's rules shows the item as it is
      if (!(error instanceof ClientError)) throw error;
    }
    const record = toRecord(def, { ...row, ...columns });
    return { key, record, images: imageUrls(record[def.image.field]) };
  }

  /** A document's draft as it stands now, or null once it is published, discarded or overtaken by a save. */
  private async openDocument<D extends PreviewDocument>(name: D, newest: number): Promise<DocumentDraftPreview | null> {
    const { document } = this.options.documents[name];
    if (await this.publishedSince(document.subject, newest)) return null;
    // read as today's shape (a draft that no longer fits shows the defaults, as the editor would open it)
    const draft = await document.draft();
    if (!draft) return null;
    return { document: name, values: documentPreviewValues(name, draft.value), images: snapshotImageUrls(draft.value) };
  }

  /** Whether a version was published (or saved live) after `newest`: the draft a link showed went live, or a save overtook it. */
  private async publishedSince(subject: HistorySubject, newest: number): Promise<boolean> {
    const [published] = await this.options.db
      .select({ number: contentVersions.number })
      .from(contentVersions)
      .where(
        and(
          eq(contentVersions.resource, subject.resource),
          eq(contentVersions.itemId, subject.itemId),
          eq(contentVersions.status, 'published'),
          gt(contentVersions.number, newest),
        ),
      )
      .limit(1);
    return published !== undefined;
  }

  private async newestNumber(subject: HistorySubject): Promise<number | null> {
    const [row] = await this.options.db
      .select({ number: contentVersions.number })
      .from(contentVersions)
      .where(and(eq(contentVersions.resource, subject.resource), eq(contentVersions.itemId, subject.itemId)))
      .orderBy(desc(contentVersions.number))
      .limit(1);
    return row?.number ?? null;
  }

  private async verify(token: string): Promise<Claims | null> {
    try {
      const { payload } = await jwtVerify(token, this.options.secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      const { sub, res, doc, n } = payload;
      if (typeof n !== 'number' || !Number.isInteger(n)) return null;
      if (isOneOf(PREVIEW_DOCUMENTS, doc)) return { document: doc, newest: n };
      if (typeof sub !== 'string' || typeof res !== 'string') return null;
      return { key: res, id: sub, newest: n };
    } catch {
      return null;
    }
  }
}
