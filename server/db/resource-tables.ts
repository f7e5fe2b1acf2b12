/**
 * The table of each content resource, generated from its definition (shared/resources/): one
 * column per field, named in snake_case, typed by the field's kind, plus the image column, id and
 * times. The definition is the only place a field is declared, so a table cannot miss one.
 */
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid, type PgTableWithColumns } from 'drizzle-orm/pg-core';
import { sql, type BuildColumns } from 'drizzle-orm';
import type { PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { RESOURCE_KEYS, resources, type FieldDef, type GalleryImage, type ResourceDef, type ResourceKey } from '../../shared/resources';
import { FOCUS_CENTRE, type ImageEntry } from '../../shared/image-details';
import type { Translations } from '../../shared/translations';

/** Column of a field: its name in snake_case (`launchDate` -> `launch_date`). */
const columnName = (fieldName: string) => fieldName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

// one builder per field kind; their return types are the column types the mapped types below name
const idColumn = () => uuid('id').primaryKey();
const timeColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const textColumn = (name: string) => text(name).notNull().default('');
const integerColumn = (name: string) => integer(name).notNull().default(0);
/** NULL when absent: the API shows ''. */
const dateColumn = (name: string) => date(name, { mode: 'string' });
const listColumn = (name: string) => jsonb(name).$type<string[]>().notNull().default([]);
const galleryColumn = (name: string) => jsonb(name).$type<GalleryImage[]>().notNull().default([]);
/** A focal coordinate in percent; the centre when not set. */
const focusColumn = (name: string) => integer(name).notNull().default(FOCUS_CENTRE);
/** Alt text and focal point of each URL of a URL list, in its order. */
const detailsColumn = (name: string) => jsonb(name).$type<ImageEntry[]>().notNull().default([]);
/** Set while the item is in the trash (NULL: not deleted); the purge deletes it forever after TRASH_DAYS. */
const deletedAtColumn = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });
const hiddenColumn = () => boolean('hidden').notNull().default(false);
/** False while the item is a draft never published, or unpublished: visitors see it nowhere (docs/decisions/0039). */
const publishedColumn = () => boolean('published').notNull().default(true);
/** Place in the order staff gave (lowest first); ties, and items never moved, newest first. */
const positionColumn = () => integer('position').notNull().default(0);
/** The record's values in the other languages (docs/decisions/0049): `{ kn: { title: '…' } }`; English stays in the fields. */
const translationsColumn = () => jsonb('translations').$type<Translations>().notNull().default({});

type BaseColumns = {
  id: ReturnType<typeof idColumn>;
  createdAt: ReturnType<typeof timeColumn>;
  updatedAt: ReturnType<typeof timeColumn>;
  deletedAt: ReturnType<typeof deletedAtColumn>;
  hidden: ReturnType<typeof hiddenColumn>;
  published: ReturnType<typeof publishedColumn>;
  position: ReturnType<typeof positionColumn>;
  translations: ReturnType<typeof translationsColumn>;
};

type FieldColumn<F extends FieldDef> = F extends { kind: 'integer' }
  ? ReturnType<typeof integerColumn>
  : F extends { kind: 'date' }
    ? ReturnType<typeof dateColumn>
    : F extends { kind: 'list' }
      ? ReturnType<typeof listColumn>
      : ReturnType<typeof textColumn>;

type ImageColumn<P extends ResourceDef['image']> = P extends { kind: 'single' }
  ? ReturnType<typeof textColumn>
  : P extends { withDescriptions: true }
    ? ReturnType<typeof galleryColumn>
    : ReturnType<typeof listColumn>;

/** Where an image's alt text and focal point live: columns beside a single image, a list beside URLs (gallery objects hold their own). */
type ImageDetailsColumns<P extends ResourceDef['image']> = P extends { kind: 'single' }
  ? { imageAlt: ReturnType<typeof textColumn>; imageFocusX: ReturnType<typeof focusColumn>; imageFocusY: ReturnType<typeof focusColumn> }
  : P extends { withDescriptions: true }
    ? unknown
    : { imageDetails: ReturnType<typeof detailsColumn> };

/** The column builders of a definition, as a type: what `buildResourceTable` makes at run time. */
type ResourceColumns<D extends ResourceDef> = BaseColumns & {
  [F in D['fields'][number] as F['name']]: FieldColumn<F>;
} & { [P in D['image']['field']]: ImageColumn<D['image']> } & ImageDetailsColumns<D['image']>;

/** The Drizzle table of a definition. */
export type ResourceTable<D extends ResourceDef> = PgTableWithColumns<{
  name: D['table'];
  schema: undefined;
  columns: BuildColumns<D['table'], ResourceColumns<D>, 'pg'>;
  dialect: 'pg';
}>;

function fieldColumn(field: FieldDef) {
  const name = columnName(field.name);
  switch (field.kind) {
    case 'integer':
      return integerColumn(name);
    case 'date':
      return dateColumn(name);
    case 'list':
      return listColumn(name);
    default:
      return textColumn(name);
  }
}

function imageColumn(policy: ResourceDef['image']) {
  if (policy.kind === 'single') return textColumn(policy.field);
  return policy.withDescriptions ? galleryColumn(policy.field) : listColumn(policy.field);
}

/**
 * Makes the table of a definition: its columns, the newest-first index, and the index of the lists'
 * order (position, then newest first) over the items not in the trash.
 */
function makeTable(def: ResourceDef) {
  const columns: BaseColumns & Record<string, PgColumnBuilderBase> = {
    id: idColumn(),
    createdAt: timeColumn('created_at'),
    updatedAt: timeColumn('updated_at'),
    deletedAt: deletedAtColumn(),
    hidden: hiddenColumn(),
    published: publishedColumn(),
    position: positionColumn(),
    translations: translationsColumn(),
  };
  for (const field of def.fields) columns[field.name] = fieldColumn(field);
  columns[def.image.field] = imageColumn(def.image);
  if (def.image.kind === 'single') {
    columns.imageAlt = textColumn('image_alt');
    columns.imageFocusX = focusColumn('image_focus_x');
    columns.imageFocusY = focusColumn('image_focus_y');
  } else if (!def.image.withDescriptions) columns.imageDetails = detailsColumn('image_details');
  return pgTable(def.table, columns, (table) => [
    index(`${def.table}_created_at_idx`).on(table.createdAt),
    index(`${def.table}_order_idx`)
      .on(table.position, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.deletedAt} is null`),
    index(`${def.table}_deleted_at_idx`).on(table.deletedAt),
  ]);
}

/** Any resource's table, as generic code (the content service) sees it: id, times, and columns by name. */
export type AnyResourceTable = ReturnType<typeof makeTable>;

const made = new WeakMap<ResourceDef, AnyResourceTable>();

/** The table of a definition, made once per definition, as generic code sees it. */
export function tableOf(def: ResourceDef): AnyResourceTable {
  let table = made.get(def);
  if (!table) {
    table = makeTable(def);
    made.set(def, table);
  }
  return table;
}

/** The table of a definition with the column types its fields give (the same object as `tableOf`). */
export function buildResourceTable<const D extends ResourceDef>(def: D): ResourceTable<D> {
  // makeTable builds exactly ResourceColumns<D> in a loop over the fields; TypeScript cannot follow a mapped type through a loop
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the columns a loop over D's fields made are D's columns, which no type can state
  return tableOf(def) as unknown as ResourceTable<D>;
}

/** The table of every resource, by resource key. */
export type ResourceTables = { [K in ResourceKey]: ResourceTable<(typeof resources)[K]> };

/** The table of every resource, by resource key (the type names every key, so a new resource needs its line here). */
export const resourceTables: ResourceTables = {
  clients: buildResourceTable(resources.clients),
  gallery: buildResourceTable(resources.gallery),
  project: buildResourceTable(resources.project),
  banners: buildResourceTable(resources.banners),
  property: buildResourceTable(resources.property),
  bannerAbout: buildResourceTable(resources.bannerAbout),
  communityAbout: buildResourceTable(resources.communityAbout),
  topprojects: buildResourceTable(resources.topprojects),
  Interiorbanner: buildResourceTable(resources.Interiorbanner),
  solution: buildResourceTable(resources.solution),
  experience: buildResourceTable(resources.experience),
  interiorportfolio: buildResourceTable(resources.interiorportfolio),
  'team-members': buildResourceTable(resources['team-members']),
};

/** A table's name in the schema's exports: its SQL name in camelCase (`top_projects` -> `topProjects`). */
const exportName = (table: string) => table.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The source of resource-table-exports.ts, which `npm run db:generate` writes before drizzle-kit runs:
 * drizzle-kit finds tables only among a schema file's named exports, so each resource gets one there.
 */
export function resourceTableExportsSource(): string {
  const names = RESOURCE_KEYS.map((key) => {
    const name = exportName(resources[key].table);
    const property = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`;
    return property === name ? `  ${name},` : `  ${property}: ${name},`;
  });
  return [
    '// Written by `npm run db:generate` from shared/resources (resourceTableExportsSource in resource-tables.ts): do not edit.',
    "// drizzle-kit finds tables only among a schema file's named exports: one name per content resource.",
    "import { resourceTables } from './resource-tables';",
    '',
    'export const {',
    ...names,
    '} = resourceTables;',
    '',
  ].join('\n');
}
