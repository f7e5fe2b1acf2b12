// engine-independent: the table definitions as code; no database
/**
 * The tables come from the definitions: drizzle-kit sees every one (so each gets its migration), each
 * column is a field of the definition, and at compile time the table, the record type and the
 * definition cannot disagree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableColumns, getTableName, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  defineResource,
  RESOURCE_KEYS,
  resources,
  type GalleryItem,
  type Project,
  type RecordOf,
  type ResourceDef,
  type ResourceKey,
  type ResourceRecords,
} from '../../shared/resources';
import { buildResourceTable, resourceTableExportsSource, resourceTables, type ResourceTable } from './resource-tables';
import * as schema from './schema';

/** The columns of a definition's image details (docs/decisions/0022). */
const detailColumns = (def: ResourceDef) =>
  def.image.kind === 'single' ? ['imageAlt', 'imageFocusX', 'imageFocusY'] : def.image.withDescriptions ? [] : ['imageDetails'];

describe('resource tables', () => {
  it('are all named exports of the schema file, where drizzle-kit finds them', () => {
    const exported = Object.values(schema);
    for (const key of RESOURCE_KEYS) expect(exported, key).toContain(resourceTables[key]);
  });

  it('are named in the file npm run db:generate writes, as the definitions are now', () => {
    const written = fs.readFileSync(path.join(import.meta.dirname, 'resource-table-exports.ts'), 'utf8');
    expect(written, 'run npm run db:generate').toBe(resourceTableExportsSource());
  });

  it('have the name, columns and index the definition gives', () => {
    for (const key of RESOURCE_KEYS) {
      const def = resources[key];
      const table = resourceTables[key];
      expect(getTableName(table)).toBe(def.table);
      const columns = getTableColumns(table);
      expect(Object.keys(columns).sort()).toEqual(
        [
          'id',
          'createdAt',
          'updatedAt',
          'deletedAt',
          'hidden',
          'published',
          'position',
          // the other languages' values (docs/decisions/0049)
          'translations',
          ...def.fields.map((field) => field.name),
          def.image.field,
          ...detailColumns(def),
        ].sort(),
      );
    }
    // the alt text and focal point: beside a single image, a list beside URLs, inside the gallery's objects
    expect(getTableColumns(resourceTables.clients).imageFocusX.name).toBe('image_focus_x');
    expect(getTableColumns(resourceTables.clients).imageFocusX.default).toBe(50);
    expect(getTableColumns(resourceTables.project).imageDetails.getSQLType()).toBe('jsonb');
    expect(getTableColumns(resourceTables.project).launchDate.name).toBe('launch_date');
    expect(getTableColumns(resourceTables.project).launchDate.notNull).toBe(false);
    expect(getTableColumns(resourceTables.project).units.getSQLType()).toBe('integer');
  });
});

// ---- compile-time checks (typecheck covers this file) ----

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type TableKeys<K extends ResourceKey> = Exclude<
  keyof InferSelectModel<ResourceTable<(typeof resources)[K]>>,
  'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'hidden' | 'published' | 'position'
>;
type RecordKeys<K extends ResourceKey> = Exclude<keyof ResourceRecords[K], '_id' | 'createdAt' | 'updatedAt'>;
/** true only when, for every resource, the table's columns are exactly the record's fields. */
type TablesMatchRecords = false extends { [K in ResourceKey]: Same<TableKeys<K>, RecordKeys<K>> }[ResourceKey] ? false : true;
const tablesMatchRecords: TablesMatchRecords = true;
void tablesMatchRecords;

// the record types the pages use, inferred from the definitions, as the hand-written ones were
const galleryImages: GalleryItem['images'] = [
  { url: '/uploads/a.webp', description: 'Front', alt: 'The front door', focusX: 50, focusY: 40 },
];
// @ts-expect-error gallery images carry a description
const plainImages: GalleryItem['images'] = ['/uploads/a.webp'];
const projectFields: Pick<Project, 'units' | 'categories' | 'status' | 'launchDate'> = {
  units: 3,
  categories: ['Villa'],
  status: 'Ongoing',
  launchDate: '',
};
// @ts-expect-error a select field takes only its options
const badStatus: Project['status'] = 'Finished';
void [galleryImages, plainImages, projectFields, badStatus];

// a throwaway definition: its table and record type follow from it
const widgets = defineResource({
  path: 'widgets',
  table: 'widgets',
  noun: 'Widget',
  listEnvelope: 'array',
  updateMethod: 'PUT',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: 'Name is required', max: 100 },
    { name: 'size', label: 'Size', kind: 'integer' },
    { name: 'madeOn', label: 'Made on', kind: 'date' },
  ],
  image: { kind: 'single', field: 'image', requiredOnCreate: 'Image is required' },
  admin: { path: '/admin/widgets', nav: { label: 'Widgets', order: 65 }, module: 'widgets' },
  publicPage: '/widgets',
});
const widgetTable = buildResourceTable(widgets);
type WidgetRow = InferInsertModel<typeof widgetTable>;
type Widget = RecordOf<typeof widgets>;

const row: WidgetRow = { id: 'x', name: 'A widget', size: 3, madeOn: null, image: '/uploads/a.webp' };
// @ts-expect-error a field the definition does not declare has no column: the table cannot hold what the definition lacks
const extra: WidgetRow = { ...row, colour: 'red' };
// @ts-expect-error an integer field is a number column
const wrongType: WidgetRow = { ...row, size: 'three' };
// @ts-expect-error the record type has exactly the definition's fields
const missing: Widget = { _id: 'x', createdAt: '', updatedAt: '', name: 'A widget', size: 3, image: '' };
void [extra, wrongType, missing];

describe('a definition outside the registry', () => {
  it('gets a table of its own with its columns', () => {
    expect(getTableName(widgetTable)).toBe('widgets');
    expect(getTableColumns(widgetTable).madeOn.name).toBe('made_on');
  });
});
