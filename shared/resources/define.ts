/**
 * What a content resource's definition is made of, and the helpers the definitions share.
 * Each resource is defined in a file of its own beside this one; index.ts gathers them.
 */

/** How a field is entered and stored. */
type FieldKind =
  | 'text' // one line of text
  | 'textarea' // several lines
  | 'url' // an http(s) link
  | 'integer' // whole number
  | 'date' // YYYY-MM-DD
  | 'select' // one of `options`
  | 'list'; // a list of short strings, sent as a JSON array

export interface FieldDef {
  /** Record property; its column is the snake_case of it (`launchDate` -> `launch_date`). */
  name: string;
  label: string;
  kind: FieldKind;
  /** Message when blank; absent means optional. */
  required?: string;
  /** Maximum length in characters (text kinds) — hostile input is refused past it. */
  max?: number;
  /** Message when longer than `max`; defaults to `{label} must be at most {max} characters`. */
  maxMessage?: string;
  options?: readonly string[];
  /** Values the admin offers for a free-text field (more may be typed in elsewhere: the gallery's categories). */
  suggestions?: readonly string[];
  /** The admin form shows no input for it (the spec's team member form). */
  hiddenInForm?: boolean;
  placeholder?: string;
}

interface SingleImagePolicy {
  kind: 'single';
  /** multipart field name */
  field: 'image';
  /** Message when creating without an image. */
  requiredOnCreate: string;
}

interface MultiImagePolicy {
  kind: 'multiple';
  field: 'images';
  min: number;
  max: number;
  /** Message when fewer than `min` (or, with `exact`, not exactly `max`). */
  minMessage: string;
  maxMessage: string;
  /** Both `min` and `max` are the same number and the message names the count. */
  exact?: boolean;
  /** Each image carries a description (the gallery). */
  withDescriptions?: boolean;
}

export type ImagePolicy = SingleImagePolicy | MultiImagePolicy;

/** Shape of the list reply, as the specs' section 7 gives it. */
export type ListEnvelope = 'array' | 'data' | 'banners';

/** The raw values of a write (strings from a form, or JSON), before validation. */
export type RawValues = Readonly<Record<string, unknown>>;

/**
 * A field that counts only while a condition on the other fields holds (the project's units: only
 * for Construction). Checked on the server and in the admin form by the same code (shared/validation.ts).
 */
interface ConditionalField {
  field: string;
  /** On the raw values; while false the form disables the input and the record stores `otherwise`. */
  appliesWhen: (values: RawValues) => boolean;
  otherwise: string | number;
  /** While it applies, the value must pass this (the message goes with the field's other messages). */
  mustBe?: { test: (value: unknown) => boolean; message: string };
}

export interface ResourceDef {
  /** API path segment under /api, case as the spec gives it. */
  path: string;
  /** Database table; its columns come from `fields` and `image` (see server/db/resource-tables.ts). */
  table: string;
  /** Singular noun for messages ("Banner created successfully"). */
  noun: string;
  listEnvelope: ListEnvelope;
  updateMethod: 'PUT' | 'PATCH';
  fields: readonly FieldDef[];
  image: ImagePolicy;
  /** The field shown as the record's name in lists and confirmations. */
  titleField: string;
  /**
   * One message for every missing required value (the spec's "Name and image are required.").
   * When set, it replaces the per-field required messages.
   */
  combinedRequiredMessage?: string;
  /** Rules across fields, run by the server and the admin form alike. */
  conditionalFields?: readonly ConditionalField[];
  /** Its admin screen: path, sidebar entry, and the generic screen's copy and columns. */
  admin: AdminDef;
  /** The public page where its items appear ("View on site"; a hidden item: that page with `?preview=<id>`). */
  publicPage: string;
  /** Its items show in a sequence on the public site, so staff may put them in order (drag and drop). */
  ordered?: boolean;
  /** Where the public site shows only part of what the admin holds: the admin screen says so in a line of help. */
  publicNote?: string;
}

/** The sidebar groups a resource's entry may sit in (the frame is in shared/copy/admin.ts). */
type NavGroupLabel = 'Home' | 'About Us' | 'Interior';

/** Texts of a management screen (admin spec), for the generic screen. */
export interface ScreenCopy {
  title: string;
  add?: string;
  formAdd: string;
  formEdit: string;
  empty: string;
  fetchFailed: string;
  /** Toast text for a failed list fetch, when the spec words it differently from the error view. */
  loadFailed?: string;
  confirm: string | ((row: Readonly<Record<string, unknown>>) => string);
  created: string;
  updated: string;
  deleted: string;
  saveFailed: string | ((reason: string) => string);
  deleteFailed: string | ((reason: string) => string);
}

/** A list column of the generic screen: the image, all images, or a field's text (cut to `preview` characters). */
export type ColumnDef =
  | { kind: 'image'; field?: string; alt?: string }
  | { kind: 'images'; header: string }
  | { kind: 'text'; header: string; field: string; preview?: number };

interface AdminDef {
  /** The screen's path; `aliases` show the same screen. */
  path: string;
  aliases?: readonly string[];
  /** Sidebar entry: top level or in a group, placed by `order` among the frame's entries. */
  nav: { label: string; group?: NavGroupLabel; order: number };
  /** A screen of its own, web/routes/admin/<module>.tsx (card grids, filters: where the spec differs); else the generic one. */
  module?: string;
  /** The generic screen (when there is no `module`). */
  screen?: {
    copy: ScreenCopy;
    toastMs: number;
    /** Modal by default; inline: a panel above the list. */
    formMode?: 'modal' | 'inline';
    columns: readonly ColumnDef[];
  };
}

/** Checks a definition and keeps its literal types, from which its record type and table are inferred. */
export const defineResource = <const D extends ResourceDef>(def: D): D => def;

export const text = <const N extends string>(name: N, label: string, required?: string, max = 200) =>
  ({ name, label, kind: 'text', required, max }) as const;
export const textarea = <const N extends string>(name: N, label: string, required?: string, max = 2000) =>
  ({ name, label, kind: 'textarea', required, max }) as const;
export const singleImage = (requiredOnCreate = 'Image is required') => ({ kind: 'single', field: 'image', requiredOnCreate }) as const;

/** The most images of one gallery item or project. */
const GALLERY_MAX_IMAGES = 20;

/** One to twenty images: the gallery's (with a caption each: add `withDescriptions: true`) and the projects'. */
export const UP_TO_TWENTY_IMAGES = {
  kind: 'multiple',
  field: 'images',
  min: 1,
  max: GALLERY_MAX_IMAGES,
  minMessage: 'At least one image is required',
  maxMessage: `Maximum ${GALLERY_MAX_IMAGES} images allowed`,
} as const;

export const bannerColumns = [
  { kind: 'image' },
  { kind: 'text', header: 'Title', field: 'title' },
  { kind: 'text', header: 'Description', field: 'description', preview: 80 },
] as const satisfies readonly ColumnDef[];
