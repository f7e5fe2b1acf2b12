/**
 * The images of content writes: which images a write keeps and adds (checked against the record and
 * the resource's image rules), their decoding into renditions, the columns they are stored in, and
 * the files in storage. Files are stored before the row that names them is written and removed only
 * after the row that named them is gone, so a crash at any instant leaves at worst orphan files
 * (swept at start, by `storedNamesInUse`), never a record pointing at a missing image.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { and, inArray, isNull } from 'drizzle-orm';
import { apiMessages } from '../../shared/api-messages';
import { DEFAULT_DETAILS, detailsFrom, imageEntries, type DetailsCheck, type ImageDetails } from '../../shared/image-details';
import { imageDetailMessages } from '../../shared/api-messages';
import {
  IMAGE_DESCRIPTION_MAX,
  IMAGE_TEXTS,
  imageTranslationMessages,
  mergeImageTranslations,
  storedImageTranslations,
  withImageTranslations,
  type ImageText,
  type ImageTranslations,
  type ImageTranslationsCheck,
  type ImageTranslationsPatch,
} from '../../shared/image-translations';
import { allRenditionUrls } from '../../shared/image-urls';
import type { GalleryImage, ResourceDef } from '../../shared/resources';
import { imageCountProblem } from '../../shared/validation';
import type { Db } from '../db/client';
import { media, mediaAliases } from '../db/schema';
import type { AuditContext } from '../audit/audit-service';
import { aliasesAmong } from '../media/media-aliases';
import { registerMedia } from '../media/media-register';
import type { ContentHistory } from '../history/content-history';
import { ClientError, isDatabaseUnavailable, isStorageUnavailable } from '../errors';
import { sourceName, type PreparedImage } from '../images/image-pipeline';
import { imageProcess } from '../images/image-process';
import { ImageQueue } from '../images/image-queue';
import type { RenditionJobs } from '../images/rendition-jobs';
import type { Storage } from '../storage/storage';
import type { UploadedFile } from '../uploads/read-write-input';
import type { ContentResources } from './content-resources';
import { imageUrls, isObject, type AnyRecord } from './content-records';
import type { ContentWrite, KeptImageEntry, Parsed } from './image-field-schemas';

/** An image of a write: its URL, caption, details and its own texts in the other languages. */
interface PlannedImage {
  url: string;
  description: string;
  details: ImageDetails;
  translations: ImageTranslations;
}

/** Images the write keeps and the uploads it adds, already checked for count, with the details of each. */
export interface ImagePlan {
  keptImages: PlannedImage[];
  newFiles: UploadedFile[];
  newDescriptions: string[];
  newDetails: ImageDetails[];
  /** The new images' description and alt text in the other languages. */
  newTranslations: ImageTranslations[];
  /** `imageOrder`: the stored order as indexes into kept images then new files; null keeps kept-then-new. */
  order: number[] | null;
}

export interface ContentImageOptions {
  db: Db;
  storage: Storage;
  tmpDir: string;
  maxImagePixels: number;
  /** Bounds image work across requests; one is made when not given. */
  imageQueue?: ImageQueue;
  /** Where the renditions left for the background are queued. */
  renditionJobs: RenditionJobs;
  /** The versions, whose images stay in storage while they are kept. */
  history: ContentHistory;
}

/** A 400 with its message as the only one in `errors`, the way a write's image checks report. */
const imageError = (message: string) => new ClientError(400, message, [message]);

/** An image's description as sent (trimmed); a longer one than may be stored is refused, not cut short. */
function checkedDescription(description: string): string {
  if (description.length > IMAGE_DESCRIPTION_MAX) throw imageError(imageTranslationMessages.englishTooLong('description'));
  return description;
}

/** The value of a parsed field; its 400 when it did not parse. */
function valueOf<T>(field: Parsed<T>): T {
  if (!field.ok) throw imageError(field.message);
  return field.value;
}

/** The details a write sent for one image (only what it sent); its 400 for a bad value. */
function detailsOf(check: DetailsCheck): Partial<ImageDetails> {
  if (!check.ok) throw imageError(check.message);
  return check.details;
}

/** The translations a write sent for one image (only what it sent); its 400 for a bad value. */
function translationsPatchOf(check: ImageTranslationsCheck): ImageTranslationsPatch {
  if (!check.ok) throw imageError(check.message);
  return check.patch;
}

/** The texts of a resource's images that have a value per language: a gallery image's description and alt text, else the alt text. */
const imageTextsOf = (policy: ResourceDef['image']): readonly ImageText[] =>
  policy.kind === 'multiple' && policy.withDescriptions ? IMAGE_TEXTS : ['alt'];

export class ContentImages {
  /** Every image job of every write passes through it; routes admit uploads by it. */
  readonly queue: ImageQueue;

  constructor(
    private readonly resources: ContentResources,
    private readonly options: ContentImageOptions,
  ) {
    this.queue = options.imageQueue ?? new ImageQueue();
  }

  /**
   * The images a write keeps and adds; fields left out keep the current images and details (`current` null: a create).
   * `imagesLater`: a draft of an item not published, which may have too few images until its Publish (docs/decisions/0046).
   * `library`: the URLs `existingImages` names that are library entries not in the Trash (`pickable`): a write may pick them.
   */
  plan(
    def: ResourceDef,
    write: ContentWrite,
    current: AnyRecord | null,
    imagesLater = false,
    library: ReadonlySet<string> = new Set(),
  ): ImagePlan {
    const policy = def.image;
    const { images } = write;
    const newFiles = write.files.filter((file) => file.field === policy.field);
    if (policy.kind === 'single') {
      // `existingImages` of a single image: the one image it shows, the current one or one picked from the library
      const named = images.kept ? valueOf(images.kept) : [];
      if (newFiles.length + named.length > 1) throw imageError('Only one image is allowed');
      const [pick] = named;
      const currentUrl = String(current?.[policy.field] ?? '');
      if (pick !== undefined && (!pick?.url || (pick.url !== currentUrl && !library.has(pick.url)))) {
        throw imageError(apiMessages.invalidExistingImages);
      }
      const picked = pick ? pick.url !== currentUrl : false;
      if (newFiles.length === 0 && !pick && !current?.[policy.field] && !imagesLater) throw imageError(policy.requiredOnCreate);
      // the alt text and focal point are fields like any other: left out, they keep their value (a new image too);
      // a picked library image follows the library's unless sent
      const was = current && !picked ? imageEntries(current)[0] : undefined;
      const details = {
        ...DEFAULT_DETAILS,
        ...(was ? detailsFrom(was) : {}),
        ...detailsOf(images.single),
        ...(pick ? detailsOf(pick.details) : {}),
      };
      if (newFiles.length === 0) {
        return {
          // '' while a never-published draft waits for its image (imageUrls leaves it out)
          keptImages: [{ url: pick ? pick.url : currentUrl, description: '', details, translations: {} }],
          newFiles,
          newDescriptions: [],
          newDetails: [],
          newTranslations: [],
          order: null,
        };
      }
      return { keptImages: [], newFiles, newDescriptions: [], newDetails: [details], newTranslations: [], order: null };
    }
    // as for every field: left out keeps the current images; `existingImages` given keeps exactly those (and the library's it picks)
    const texts = imageTextsOf(policy);
    const keptImages = images.kept
      ? keptImagesOf(valueOf(images.kept), current ?? { _id: '' }, library, texts)
      : current
        ? currentImages(current)
        : [];
    const newDescriptions = policy.withDescriptions ? valueOf(images.descriptions).map(checkedDescription) : [];
    const sentDetails = valueOf(images.newDetails);
    if (sentDetails.length > newFiles.length) throw imageError(imageDetailMessages.invalidDetails);
    const newDetails = sentDetails.map((check) => ({ ...DEFAULT_DETAILS, ...detailsOf(check) }));
    const newTranslations = valueOf(images.newTranslations).map((check) => mergeImageTranslations({}, translationsPatchOf(check), texts));
    const total = keptImages.length + newFiles.length;
    const problem = imageCountProblem(policy, total);
    // too few may wait while the item is a draft never published; too many never may
    if (problem && !(imagesLater && total <= policy.max)) throw imageError(problem);
    return { keptImages, newFiles, newDescriptions, newDetails, newTranslations, order: orderOf(valueOf(images.order), total) };
  }

  /** Of the URLs a write's `existingImages` names, those of library entries not in the Trash: what `plan` lets it pick. */
  async pickable(write: ContentWrite): Promise<Set<string>> {
    const kept = write.images.kept;
    const urls = kept?.ok ? [...new Set(kept.value.flatMap((entry) => (entry ? [entry.url] : [])))] : [];
    if (urls.length === 0) return new Set();
    const rows = await this.options.db
      .select({ url: media.url })
      .from(media)
      .where(and(inArray(media.url, urls), isNull(media.deletedAt)));
    return new Set(rows.map((row) => row.url));
  }

  /**
   * Of the images a change stops naming (no row, no kept version), those whose files go after the commit: the ones
   * without a library entry. An image with an entry (in the Trash too) stays, unused in the library, until the entry is
   * deleted forever. The rendition jobs of those that go are dropped in the change's transaction.
   */
  async release(tx: Db, urls: readonly string[]): Promise<string[]> {
    if (urls.length === 0) return [];
    const rows = await tx
      .select({ url: media.url })
      .from(media)
      .where(inArray(media.url, [...urls]));
    const kept = new Set(rows.map((row) => row.url));
    const going = urls.filter((url) => !kept.has(url));
    await this.options.renditionJobs.drop(tx, going);
    return going;
  }

  /** A directory of its own for one write's renditions until they are stored. */
  stagingDir(): string {
    return path.join(this.options.tmpDir, `staging-${crypto.randomUUID()}`);
  }

  /** Decodes each upload into its first rendition and source, in the queue shared by all requests. */
  async prepare(files: UploadedFile[], staging: string): Promise<PreparedImage[]> {
    const prepared: PreparedImage[] = [];
    const limits = { maxPixels: this.options.maxImagePixels };
    try {
      for (const file of files) prepared.push(await this.queue.run(() => imageProcess.prepare(file.path, staging, limits)));
      return prepared;
    } catch (error) {
      throw error instanceof ClientError && !error.errors ? new ClientError(error.statusCode, error.message, [error.message]) : error;
    }
  }

  /** The columns the images of a write are stored in: the image value, and where the resource keeps their details. */
  columns(def: ResourceDef, plan: ImagePlan, prepared: PreparedImage[]): Record<string, unknown> {
    const listed: PlannedImage[] = [
      ...plan.keptImages,
      ...prepared.map((image, i) => ({
        url: image.url,
        description: plan.newDescriptions[i] ?? '',
        details: plan.newDetails[i] ?? DEFAULT_DETAILS,
        translations: plan.newTranslations[i] ?? {},
      })),
    ];
    const images = plan.order ? plan.order.map((index) => listed[index]) : listed;
    const policy = def.image;
    if (policy.kind === 'single') {
      const [image] = images;
      return {
        [policy.field]: image.url,
        imageAlt: image.details.alt,
        imageFocusX: image.details.focusX,
        imageFocusY: image.details.focusY,
      };
    }
    if (policy.withDescriptions) {
      const gallery: GalleryImage[] = images.map(({ url, description, details, translations }) =>
        withImageTranslations({ url, description, ...details }, translations),
      );
      return { [policy.field]: gallery };
    }
    return {
      [policy.field]: images.map((image) => image.url),
      imageDetails: images.map(({ url, details, translations }) => withImageTranslations({ url, ...details }, translations)),
    };
  }

  /**
   * Stores the prepared files, then writes the row. When the row write fails for sure, the files
   * just stored go again; when its outcome is unknown (the database stopped answering, it may have
   * committed) they stay: an orphan is swept at start, a missing image would be a broken record.
   */
  async withStoredFiles<T>(prepared: PreparedImage[], writeRow: () => Promise<T>): Promise<T> {
    const stored: string[] = [];
    try {
      for (const image of prepared) {
        for (const file of image.files) {
          stored.push(file.name);
          await this.options.storage.put(file.name, file.path);
        }
      }
      return await writeRow();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) await this.removeStored(stored);
      throw error;
    }
  }

  /** The media library's entries of a write's new images (docs/decisions/0048), in the transaction that names them. */
  async register(tx: Db, plan: ImagePlan, prepared: PreparedImage[], by?: AuditContext): Promise<void> {
    const images = prepared.map((image, i) => ({
      ...image,
      fileName: plan.newFiles[i]?.name,
      details: plan.newDetails[i] ?? DEFAULT_DETAILS,
    }));
    await registerMedia(tx, images, by?.actor?.adminId ?? null);
  }

  /** Of these image URLs, those whose file (the rendition the URL names) is no longer in storage. */
  async missing(urls: readonly string[]): Promise<string[]> {
    const gone: string[] = [];
    // an alias (an earlier URL of a library image) is never missing: /uploads redirects it to the image's file
    const aliases = await aliasesAmong(this.options.db, urls);
    for (const url of urls) {
      if (aliases.has(url)) continue;
      const body = await this.options.storage.read(path.basename(url));
      if (body) body.stream.destroy();
      else gone.push(url);
    }
    return gone;
  }

  /**
   * Every file of the images: their renditions and, while their job was pending, their source. Call only once no row names
   * them, with what `release` let go (or an entry deleted forever). An entry registered meanwhile (the import) goes first:
   * when that fails the files stay, an entry never names a missing file.
   */
  async remove(urls: string[]): Promise<void> {
    if (urls.length === 0) return;
    try {
      await this.options.db.delete(media).where(inArray(media.url, urls));
    } catch {
      // the reply does not depend on it; the files stay as unused entries of the library
      return;
    }
    await this.removeStored(urls.flatMap((url) => storedNames(url)));
  }

  /** Every file of the images, when no entry of the library names them any more (a replaced file's old URL). */
  async removeFiles(urls: string[]): Promise<void> {
    await this.removeStored(urls.flatMap((url) => storedNames(url)));
  }

  /** Best effort: the reply does not depend on it, and what stays behind is swept at start. */
  private async removeStored(names: string[]): Promise<void> {
    for (const name of names) {
      try {
        await this.options.storage.remove(name);
      } catch (error) {
        // the bucket is down: each further try would cost the reply its timeout, and the sweep gets them all
        if (isStorageUnavailable(error)) return;
      }
    }
  }

  /**
   * Every image URL the records of all resources name, in the trash too, every kept version and every media library entry (read from the
   * database, not the cache). Their
   * files are `allRenditionUrls` of each, plus the source of a job still pending: see `storedNamesInUse`.
   */
  async imageUrlsInUse(): Promise<string[]> {
    const urls: string[] = [];
    // a record naming an alias (an earlier URL of a library image) needs no files of its own: /uploads redirects it
    const aliases = new Set((await this.options.db.select({ url: mediaAliases.url }).from(mediaAliases)).map((alias) => alias.url));
    for (const [, { def, table }] of this.resources.entries()) {
      const rows = await this.options.db.select({ value: table[def.image.field] }).from(table);
      for (const row of rows) urls.push(...imageUrls(row.value).filter((url) => !aliases.has(url)));
    }
    // the images of kept versions: a restore brings them back
    urls.push(...(await this.options.history.allImageUrls()));
    // the library's entries, in its Trash too: an image uploaded there is kept until the entry is deleted forever
    const entries = await this.options.db.select({ url: media.url }).from(media);
    urls.push(...entries.map((entry) => entry.url));
    return urls;
  }

  /** Storage names of every file the records need: their images' renditions, and the sources of their images' jobs (pending or failed). */
  async storedNamesInUse(): Promise<Set<string>> {
    // jobs first: a job commits with its record, so a job read now has its record seen by the read after
    const jobs = await this.options.renditionJobs.all();
    const urls = new Set(await this.imageUrlsInUse());
    const names = new Set<string>();
    for (const url of urls) for (const rendition of allRenditionUrls(url)) names.add(path.basename(rendition));
    for (const job of jobs) if (urls.has(job.imageUrl)) names.add(job.source);
    return names;
  }
}

/** Storage names of an image's renditions and of its source (present while its job is pending). */
function storedNames(url: string): string[] {
  const renditions = allRenditionUrls(url).map((rendition) => path.basename(rendition));
  return renditions.length > 0 ? [...renditions, sourceName(url)] : [];
}

/** Every current image, as it is: what a write that leaves `existingImages` out keeps. */
function currentImages(current: AnyRecord): PlannedImage[] {
  const descriptions = captions(current);
  const translations = imageTranslationsByUrl(current);
  return imageEntries(current).map(({ url, ...details }) => ({
    url,
    description: descriptions.get(url) ?? '',
    details,
    translations: translations.get(url) ?? {},
  }));
}

/** The stored translations of a record's images by URL: a gallery image's own, a URL list's `imageDetails` entry's. */
function imageTranslationsByUrl(current: AnyRecord): Map<string, ImageTranslations> {
  const byUrl = new Map<string, ImageTranslations>();
  for (const source of [current.images, current.imageDetails]) {
    const list: unknown[] = Array.isArray(source) ? source : [];
    for (const entry of list) {
      if (isObject(entry) && typeof entry.url === 'string' && entry.translations !== undefined) {
        byUrl.set(entry.url, storedImageTranslations(entry.translations));
      }
    }
  }
  return byUrl;
}

/** A gallery's captions by image URL; none for a list of URLs. */
function captions(current: AnyRecord): Map<string, string> {
  const images: unknown[] = Array.isArray(current.images) ? current.images : [];
  const byUrl = new Map<string, string>();
  for (const image of images) {
    if (isObject(image) && typeof image.url === 'string' && typeof image.description === 'string') byUrl.set(image.url, image.description);
  }
  return byUrl;
}

/**
 * `existingImages`: the kept subset of the current images, each with a new description, alt text, focal point or
 * translations of its texts if sent (each left out keeps its value), and the images picked from the library (`library`), which follow the library's
 * alt text and focal point unless sent. Each once; no other URL.
 */
function keptImagesOf(
  entries: KeptImageEntry[],
  current: AnyRecord,
  library: ReadonlySet<string>,
  texts: readonly ImageText[],
): PlannedImage[] {
  const currentEntries = imageEntries(current);
  const descriptions = captions(current);
  const translations = imageTranslationsByUrl(current);
  const kept: PlannedImage[] = [];
  for (const entry of entries) {
    const match = entry && currentEntries.find((existing) => existing.url === entry.url);
    const known = match || (entry && library.has(entry.url));
    if (!entry || !known || kept.some((k) => k.url === entry.url)) throw imageError(apiMessages.invalidExistingImages);
    kept.push({
      url: entry.url,
      description: entry.description !== undefined ? checkedDescription(entry.description.trim()) : (descriptions.get(entry.url) ?? ''),
      details: { ...(match ? detailsFrom(match) : DEFAULT_DETAILS), ...detailsOf(entry.details) },
      // each text left out keeps its value, one sent blank goes (English shows)
      translations: mergeImageTranslations((match && translations.get(entry.url)) || {}, translationsPatchOf(entry.translations), texts),
    });
  }
  return kept;
}

/**
 * `imageOrder`: where each image goes, as indexes into the kept images (in `existingImages`' order) followed by
 * the new files (in their order), so a new photo can become the first (the cover); it must name each exactly once.
 */
function orderOf(order: number[] | null, total: number): number[] | null {
  if (order === null) return null;
  const valid = order.length === total && order.every((index) => index >= 0 && index < total) && new Set(order).size === total;
  if (!valid) throw imageError(apiMessages.invalidImageOrder);
  return order;
}
