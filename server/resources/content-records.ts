/**
 * A content row as the API shows it and back: records (`_id`, ISO times, images with their
 * details), the columns a validated write is stored in, the lists' order and envelopes, and the
 * audit entry of a write. Pure functions shared by the content reads, writes and lifecycle.
 */
import { detailsFrom, imageEntries } from '../../shared/image-details';
import { storedImageTranslations, withImageTranslations, type ImageTranslations } from '../../shared/image-translations';
import type { LivePreview } from '../../shared/live-preview';
import type { ResourceDef } from '../../shared/resources';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { NO_REVISION } from '../../shared/edit-conflicts';
import { contentState } from '../../shared/drafts';
import { UUID_PATTERN, validateRecord } from '../../shared/validation';
import { apiMessages } from '../../shared/api-messages';
import { ClientError } from '../errors';
import type { AuditContext, AuditService } from '../audit/audit-service';
import { recordLabel } from '../audit/content-changes';
import type { Db } from '../db/client';
import type { AnyResourceTable } from '../db/resource-tables';
import type { ItemSchedule } from '../../shared/schedules';
import { storedTranslations, translatedPlaces, type Translations } from '../../shared/translations';

export type Row = Record<string, unknown>;
export type AnyRecord = Record<string, unknown> & { _id: string };

/** DB row to API record: `_id`, ISO times, '' for absent dates. */
export function toRecord(def: ResourceDef, row: Row): AnyRecord {
  const record: AnyRecord = { _id: String(row.id) };
  for (const field of def.fields) record[field.name] = row[field.name] ?? (field.kind === 'list' ? [] : '');
  Object.assign(record, imageProps(def, row));
  record.translations = storedTranslations(row.translations);
  record.createdAt = isoTime(row.createdAt);
  record.updatedAt = isoTime(row.updatedAt);
  return record;
}

/** The image value and its alt texts and focal points as the API shows them: every image with complete details, in order. */
function imageProps(def: ResourceDef, row: Row): Record<string, unknown> {
  const value = row[def.image.field];
  const policy = def.image;
  if (policy.kind === 'single') {
    const details = detailsFrom({ alt: row.imageAlt, focusX: row.imageFocusX, focusY: row.imageFocusY });
    return { [policy.field]: value, imageAlt: details.alt, imageFocusX: details.focusX, imageFocusY: details.focusY };
  }
  const list: unknown[] = Array.isArray(value) ? value : [];
  if (policy.withDescriptions) {
    const images = list.map((item) => {
      const image = typeof item === 'string' ? { url: item } : isObject(item) ? item : {};
      const shown = {
        url: String(image.url),
        description: typeof image.description === 'string' ? image.description : '',
        ...detailsFrom(image),
      };
      return withImageTranslations(shown, storedImageTranslations(image.translations));
    });
    return { [policy.field]: images };
  }
  return { [policy.field]: list, imageDetails: listedImages(list, row.imageDetails) };
}

/** A URL list's images with their details and, where they have any, their alt text in the other languages. */
function listedImages(urls: unknown, imageDetails: unknown): ImageDetailsEntry[] {
  const translations = new Map<string, ImageTranslations>();
  const listed: unknown[] = Array.isArray(imageDetails) ? imageDetails : [];
  for (const entry of listed) {
    if (isObject(entry) && typeof entry.url === 'string') translations.set(entry.url, storedImageTranslations(entry.translations, ['alt']));
  }
  return imageEntries({ images: imageUrls(urls), imageDetails }).map((entry) =>
    withImageTranslations(entry, translations.get(entry.url) ?? {}),
  );
}
type ImageDetailsEntry = ReturnType<typeof imageEntries>[number] & { translations?: ImageTranslations };

/** A record as its history keeps it: its fields and images as the API shows them, without its id and times. */
export function snapshotOf(def: ResourceDef, row: Row): Record<string, unknown> {
  const { _id: _id, createdAt: _created, updatedAt: _updated, ...snapshot } = toRecord(def, row);
  return snapshot;
}

/**
 * The columns a version's snapshot is written back to (a restore): its fields checked against today's
 * definition (a 400 with the messages when a rule changed since), its images and their details as stored.
 */
export function snapshotColumns(def: ResourceDef, snapshot: Record<string, unknown>): Record<string, unknown> {
  const checked = validateRecord(def, snapshot);
  if (!checked.ok) throw new ClientError(400, checked.errors[0], [...checked.errors]);
  const columns = { ...toColumns(def, checked.values), translations: storedTranslations(snapshot.translations) };
  const policy = def.image;
  const value = snapshot[policy.field];
  if (policy.kind === 'single') {
    const details = detailsFrom({ alt: snapshot.imageAlt, focusX: snapshot.imageFocusX, focusY: snapshot.imageFocusY });
    return {
      ...columns,
      [policy.field]: typeof value === 'string' ? value : '',
      imageAlt: details.alt,
      imageFocusX: details.focusX,
      imageFocusY: details.focusY,
    };
  }
  const entries = listedImages(value, snapshot.imageDetails);
  if (policy.withDescriptions) {
    const list: unknown[] = Array.isArray(value) ? value : [];
    const gallery = list
      .filter(isObject)
      .map((image) =>
        withImageTranslations(
          { url: String(image.url), description: typeof image.description === 'string' ? image.description : '', ...detailsFrom(image) },
          storedImageTranslations(image.translations),
        ),
      );
    return { ...columns, [policy.field]: gallery };
  }
  return { ...columns, [policy.field]: entries.map((entry) => entry.url), imageDetails: entries };
}

/**
 * A record as the admin screens see it: also whether it is hidden, its place in the order, its state, its revision (the
 * base its editor's saves name, docs/decisions/0044), the snapshot of its newest version when that is a draft (null when
 * the newest is published or none), and its Publish at / Unpublish at times (`schedule`, null when none is set).
 */
export function toManagedRecord(
  def: ResourceDef,
  row: Row,
  newest: { revision: string; draft: Record<string, unknown> | null } | undefined,
  schedule: ItemSchedule | null = null,
): AnyRecord {
  const published = row.published !== false;
  const draft = newest?.draft ?? null;
  return {
    ...toRecord(def, row),
    hidden: Boolean(row.hidden),
    position: Number(row.position ?? 0),
    published,
    state: contentState(published, draft !== null, schedule !== null),
    draft,
    revision: newest?.revision ?? NO_REVISION,
    schedule,
  };
}

/** Whether visitors miss a row's item: hidden, or not published (what `content.published` is not fired for). */
export const hiddenFromVisitors = (row: Row) => Boolean(row.hidden) || row.published === false;

/** Where visitors may see an item: not in the trash, not hidden, published (docs/decisions/0021, 0039). */
export function shownToVisitors(table: AnyResourceTable) {
  return and(isNull(table.deletedAt), eq(table.hidden, false), eq(table.published, true));
}

/** Timestamp columns are read in `date` mode. */
/** An item not in the trash, by id: 400 for an id that is no UUID, 404 when there is none. */
export async function findLiveRow(db: Db, { def, table }: { def: ResourceDef; table: AnyResourceTable }, id: string): Promise<Row> {
  if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
  const [row]: Row[] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), isNull(table.deletedAt)))
    .limit(1);
  if (!row) throw new ClientError(404, apiMessages.recordNotFound(def.noun));
  return row;
}

export const isoTime = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** Validated values to DB columns: '' dates are stored as NULL. */
export function toColumns(def: ResourceDef, values: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const field of def.fields) {
    const value = values[field.name];
    columns[field.name] = field.kind === 'date' && value === '' ? null : value;
  }
  // a validated write's translations (validateWrite), or a snapshot's
  if ('translations' in values) columns.translations = storedTranslations(values.translations);
  return columns;
}

/** The image URLs an image column holds: a single URL, a list of URLs, or gallery images. */
export function imageUrls(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (!Array.isArray(value)) return [];
  const urls = value.map((item: unknown) =>
    typeof item === 'string' ? item : isObject(item) && typeof item.url === 'string' ? item.url : '',
  );
  return urls.filter(Boolean);
}

/** A JSON object (a gallery image as stored): not null, not a list. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The lists' order: staff's positions, then newest first (the order index covers it). */
export function listOrder(table: AnyResourceTable) {
  return [asc(table.position), desc(table.createdAt), desc(table.id)];
}

/** A list's reply body, in the envelope its resource has always had. */
export function envelope(def: ResourceDef, records: unknown[]): unknown {
  switch (def.listEnvelope) {
    case 'array':
      return records;
    case 'data':
      return { success: true, data: records };
    case 'banners':
      return { success: true, banners: records };
  }
}

/** The kinds of audit entry one record's write makes. */
export type ContentWriteKind =
  | 'content.created'
  | 'content.updated'
  | 'content.trashed'
  | 'content.restored'
  | 'content.deleted-forever'
  | 'content.version-restored'
  | 'content.history-purged'
  | 'content.draft-saved'
  | 'content.draft-discarded'
  | 'content.published'
  | 'content.unpublished';

/** Records a write made on someone's behalf (`by`), in its transaction: the entry commits with it or not at all. */
export async function auditContentWrite(
  audit: AuditService | undefined,
  tx: Db,
  by: AuditContext | undefined,
  write: { kind: ContentWriteKind; key: string; def: ResourceDef; record: AnyRecord; details: Record<string, unknown> },
): Promise<void> {
  if (!by || !audit) return;
  const { kind, key, def, record, details } = write;
  await audit.record(
    { kind, ...by, target: { type: key, id: record._id, label: recordLabel(def, record) }, details: { resource: def.noun, ...details } },
    tx,
  );
}

/** A form's translations, as a preview shows them: known languages, the definition's translated places, no blank values. */
function formTranslations(def: ResourceDef, sent: NonNullable<LivePreview['translations']>): Translations {
  const fields = new Set(translatedPlaces(def).map((field) => field.name));
  const stored = storedTranslations(sent);
  return Object.fromEntries(
    Object.entries(stored).map(([language, values]) => [
      language,
      Object.fromEntries(Object.entries(values).filter(([name]) => fields.has(name))),
    ]),
  );
}

/**
 * An item as its form holds it before it is saved (a live preview, shared/live-preview.ts): each field of the
 * definition from the form where it has the field's type, else the stored item's (or an empty item's); the images
 * the form keeps, with their details: the stored item's own and those it picked from the library (`pickable`; a file
 * not uploaded yet has no URL).
 */
export function unsavedRecord(
  def: ResourceDef,
  stored: AnyRecord | null,
  preview: Pick<LivePreview, 'id' | 'fields' | 'images' | 'translations'>,
  /** Images besides the stored ones a form may show (the library's). */
  pickable: (url: string) => boolean = () => false,
): AnyRecord {
  const now = new Date().toISOString();
  const record: AnyRecord = stored ? { ...stored } : { ...toRecord(def, { id: preview.id, createdAt: now, updatedAt: now }) };
  for (const field of def.fields) {
    const value = preview.fields[field.name];
    if (field.kind === 'list') {
      if (Array.isArray(value)) record[field.name] = value;
    } else if (field.kind === 'integer') {
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (Number.isFinite(number)) record[field.name] = number;
    } else if (typeof value === 'string') record[field.name] = value;
  }
  // the form holds every translated value: they replace the stored ones (only translatable fields of known languages)
  if (preview.translations) record.translations = formTranslations(def, preview.translations);
  const storedUrls = new Set(stored ? imageUrls(stored[def.image.field]) : []);
  const kept = preview.images
    .filter((image) => storedUrls.has(image.url) || pickable(image.url))
    .map((image) => ({ ...image, ...detailsFrom(image), translations: storedImageTranslations(image.translations) }));
  const policy = def.image;
  if (policy.kind === 'single') {
    const [image] = kept;
    const details = detailsFrom(image);
    return { ...record, image: image?.url ?? '', imageAlt: details.alt, imageFocusX: details.focusX, imageFocusY: details.focusY };
  }
  if (policy.withDescriptions) {
    const images = kept.map(({ url, alt, focusX, focusY, description, translations }) =>
      withImageTranslations({ url, description: description ?? '', alt, focusX, focusY }, translations),
    );
    return { ...record, [policy.field]: images };
  }
  return {
    ...record,
    [policy.field]: kept.map((image) => image.url),
    imageDetails: kept.map(({ url, alt, focusX, focusY, translations }) =>
      withImageTranslations({ url, alt, focusX, focusY }, storedImageTranslations(translations, ['alt'])),
    ),
  };
}
