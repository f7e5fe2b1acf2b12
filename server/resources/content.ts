/**
 * The content of every resource, split at its seams: which resources are served (`resources`),
 * reads and their caches (`reads`), create and update (`writes`), drafts and publishing (`drafts`), trash, visibility and order
 * (`lifecycle`), and image files (`images`). See docs/decisions/0030.
 */
import type { ResourceDef } from '../../shared/resources';
import type { AuditService } from '../audit/audit-service';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import type { ContentHistory } from '../history/content-history';
import type { ImageQueue } from '../images/image-queue';
import type { RenditionJobs } from '../images/rendition-jobs';
import type { Storage } from '../storage/storage';
import { ContentDrafts } from './content-drafts';
import { ContentImages } from './content-images';
import { ContentLifecycle } from './content-lifecycle';
import { ContentReads } from './content-reads';
import { ContentResources } from './content-resources';
import type { ContentVersion } from './content-version';
import { ContentWrites } from './content-writes';
import type { WebhookService } from '../webhooks/webhook-service';
import { MediaIndex } from '../media/media-index';

export interface ContentOptions {
  db: Db;
  storage: Storage;
  tmpDir: string;
  maxImagePixels: number;
  /** Resources whose reads fail on purpose (tests of error states); 'all' for every one. */
  simulateFailures?: string[];
  contentVersion: ContentVersion;
  /** Tells the other server processes on the same database about each write. */
  changes: ChangeFeed;
  /** Bounds image work across requests; one is made when not given. */
  imageQueue?: ImageQueue;
  /** Where the renditions left for the background are queued. */
  renditionJobs: RenditionJobs;
  /** Resources served beside the site's own (a test's throwaway definition); their tables must exist. */
  extraResources?: Readonly<Record<string, ResourceDef>>;
  /** Where writes made with an AuditContext are recorded, in the write's own transaction. */
  audit?: AuditService;
  /** The versions every write keeps (REVISIONS_KEEP per item). */
  history: ContentHistory;
  /** The image URLs the live About content and Site settings name (visitors may fetch them). */
  documentImageUrls: () => Promise<string[]>;
  /** Where `content.published` is fired in a write's transaction. */
  webhooks?: WebhookService;
}

export interface Content {
  resources: ContentResources;
  reads: ContentReads;
  writes: ContentWrites;
  /** Drafts, publish and unpublish (docs/decisions/0039). */
  drafts: ContentDrafts;
  lifecycle: ContentLifecycle;
  images: ContentImages;
  /** The library's entries as public reads resolve images by them (server/media/media-index.ts). */
  mediaIndex: MediaIndex;
}

export function createContent(options: ContentOptions): Content {
  const resources = new ContentResources(options.extraResources);
  const mediaIndex = new MediaIndex(options.db, options.contentVersion);
  const reads = new ContentReads(resources, options, mediaIndex);
  const images = new ContentImages(resources, options);
  return {
    resources,
    reads,
    images,
    mediaIndex,
    writes: new ContentWrites(resources, reads, images, options),
    drafts: new ContentDrafts(resources, reads, images, options),
    lifecycle: new ContentLifecycle(resources, reads, images, options),
  };
}
