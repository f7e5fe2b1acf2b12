/**
 * Preview links of drafts (docs/decisions/0043): a token signed with the installation's secret (the one sessions use,
 * kept in the database so every instance checks it alike) naming the item and the newest version it had when the
 * link was made. Opening it gives the item as its draft stands now; it is refused once it expires, once a version is
 * published after it (the draft it showed went live), or once the item has no draft or is deleted.
 */
import { jwtVerify, SignJWT } from 'jose';
import { and, desc, eq, gt } from 'drizzle-orm';
import { PREVIEW_LINK_DAYS, previewLinkMessages } from '../../shared/preview-links';
import { contentVersions } from '../db/schema';
import type { Db } from '../db/client';
import { ClientError } from '../errors';
import type { ContentHistory } from '../history/content-history';
import { findLiveRow, imageUrls, snapshotColumns, toRecord, type AnyRecord } from './content-records';
import type { ContentResources } from './content-resources';

const ISSUER = 'site-admin';
const AUDIENCE = 'site-draft-preview';

/** What an open link shows: the resource and the item as its draft stands. */
export interface DraftPreview {
  key: string;
  record: AnyRecord;
  /** The stored image URLs the draft names (a visitor with the link may load them, hidden or not). */
  images: string[];
}

export interface PreviewLinkOptions {
  db: Db;
  secret: Uint8Array;
  resources: ContentResources;
  history: ContentHistory;
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
    const subject = { resource: key, itemId: id };
    const draft = await this.options.history.newestDraft(this.options.db, subject);
    if (!draft && row.published !== false) throw new ClientError(400, previewLinkMessages.nothingToPreview);
    const newest = await this.newestNumber(key, id);
    const expiresAt = new Date((Math.floor(Date.now() / 1000) + this.lifetimeSeconds) * 1000);
    const token = await new SignJWT({ res: key, n: newest ?? 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.options.secret);
    return { token, expiresAt };
  }

  /** The draft a link shows, or null when the link is forged, expired or stale, or its item has no draft or is gone. */
  async open(token: string): Promise<DraftPreview | null> {
    const claims = await this.verify(token);
    if (!claims) return null;
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
    // a version published after the link was made: the draft it showed went live
    const [publishedSince] = await this.options.db
      .select({ number: contentVersions.number })
      .from(contentVersions)
      .where(
        and(
          eq(contentVersions.resource, key),
          eq(contentVersions.itemId, id),
          eq(contentVersions.status, 'published'),
          gt(contentVersions.number, newest),
        ),
      )
      .limit(1);
    if (publishedSince) return null;
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

  private async newestNumber(key: string, id: string): Promise<number | null> {
    const [row] = await this.options.db
      .select({ number: contentVersions.number })
      .from(contentVersions)
      .where(and(eq(contentVersions.resource, key), eq(contentVersions.itemId, id)))
      .orderBy(desc(contentVersions.number))
      .limit(1);
    return row?.number ?? null;
  }

  private async verify(token: string): Promise<{ key: string; id: string; newest: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.options.secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      const { sub, res, n } = payload;
      if (typeof sub !== 'string' || typeof res !== 'string' || typeof n !== 'number' || !Number.isInteger(n)) return null;
      return { key: res, id: sub, newest: n };
    } catch {
      return null;
    }
  }
}
