/**
 * The table of each content resource, generated from its definition (shared/resources/): one
 * column per field, named in snake_case, typed by the field's kind, plus the image column, id and
 * times. The definition is the only place a field is declared, so a table cannot miss one.
 */
import { date, index, integer, jsonb, pgTable, text, timestamp, uuid, type PgTableWithColumns } from 'drizzle-orm/pg-core';
import type { BuildColumns } from 'drizzle-orm';
import type { PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { RESOURCE_KEYS, resources, type FieldDef, type GalleryImage, type ResourceDef, type ResourceKey } from '../../shared/resources';

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

type BaseColumns = {
  id: ReturnType<typeof idColumn>;
  createdAt: ReturnType<typeof timeColumn>;
  updatedAt: ReturnType<typeof timeColumn>;
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

/** The column builders of a definition, as a type: what `buildResourceTable` makes at run time. */
type ResourceColumns<D extends ResourceDef> = BaseColumns & {
  [F in D['fields'][number] as F['name']]: FieldColumn<F>;
} & { [P in D['image']['field']]: ImageColumn<D['image']> };

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

/** Makes the table of a definition: its columns, and the newest-first index every list uses. */
function makeTable(def: ResourceDef) {
  const columns: BaseColumns & Record<string, PgColumnBuilderBase> = {
    id: idColumn(),
    createdAt: timeColumn('created_at'),
    updatedAt: timeColumn('updated_at'),
  };
  for (const field of def.fields) columns[field.name] = fieldColumn(field);
  columns[def.image.field] = imageColumn(def.image);
  return pgTable(def.table, columns, (table) => [index(`${def.table}_created_at_idx`).on(table.createdAt)]);
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
  return tableOf(def) as unknown as ResourceTable<D>;
}

/** The table of every resource, by resource key. */
export type ResourceTables = { [K in ResourceKey]: ResourceTable<(typeof resources)[K]> };

function buildAll(): ResourceTables {
  const tables: Partial<Record<ResourceKey, unknown>> = {};
  for (const key of RESOURCE_KEYS) tables[key] = buildResourceTable(resources[key]);
  // filled key by key from the same record type: TypeScript cannot relate a loop's keys to a mapped type
  return tables as ResourceTables;
}

export const resourceTables: ResourceTables = buildAll();
