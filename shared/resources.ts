/**
 * The content resources of the site, defined once. The server builds its routes,
 * validation and storage from these; the admin builds its tables and forms from them.
 */

import { PREVIEW_CHARS, TOAST_LONG_MS, bannerCopy, screenCopy } from './copy/admin';
import { CLIENT_CATEGORIES, DEFAULT_GALLERY_CATEGORIES, PROJECT_CATEGORIES, PROJECT_STATUSES } from './resource-options';

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

type ImagePolicy = SingleImagePolicy | MultiImagePolicy;

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

const text = <const N extends string>(name: N, label: string, required?: string, max = 200) =>
  ({ name, label, kind: 'text', required, max }) as const;
const textarea = <const N extends string>(name: N, label: string, required?: string, max = 2000) =>
  ({ name, label, kind: 'textarea', required, max }) as const;
const singleImage = (requiredOnCreate = 'Image is required') => ({ kind: 'single', field: 'image', requiredOnCreate }) as const;

export const UNITS_POSITIVE_MESSAGE = 'Units must be a positive number for Construction projects';
/** Blank counts as 0; a negative number is left to the field's own "must not be negative". */
const isNonZero = (value: unknown) => {
  const units = value === '' || value == null ? 0 : Number(value);
  return units > 0 || units < 0;
};

const PROJECT_DESCRIPTION_MAX = 500;
const CLIENT_TESTIMONIAL_MAX = 500;
const GALLERY_MAX_IMAGES = 20;
const COMMUNITY_IMAGE_COUNT = 3;

const bannerColumns = [
  { kind: 'image' },
  { kind: 'text', header: 'Title', field: 'title' },
  { kind: 'text', header: 'Description', field: 'description', preview: 80 },
] as const satisfies readonly ColumnDef[];

export const resources = {
  clients: {
    path: 'clients',
    admin: { path: '/admin/client', nav: { label: 'Clients', order: 30 }, module: 'clients' },
    table: 'clients',
    noun: 'Client',
    listEnvelope: 'array',
    updateMethod: 'PUT',
    titleField: 'name',
    fields: [
      text('name', 'Client Name', 'Client name is required'),
      text('title', 'Project Title', 'Project title is required'),
      {
        ...textarea('description', 'Testimonial', 'Description is required', CLIENT_TESTIMONIAL_MAX),
        maxMessage: `Testimonial must be at most ${CLIENT_TESTIMONIAL_MAX} characters`,
      },
      {
        name: 'category',
        label: 'Category',
        kind: 'select',
        required: 'Category is required',
        options: CLIENT_CATEGORIES,
      },
    ],
    image: singleImage(),
  },
  gallery: {
    path: 'gallery',
    admin: { path: '/admin/gallery', nav: { label: 'Gallery', order: 50 }, module: 'gallery' },
    table: 'gallery',
    noun: 'Gallery item',
    listEnvelope: 'data',
    updateMethod: 'PUT',
    titleField: 'title',
    fields: [
      text('title', 'Project Title', 'Project title is required'),
      // free text: admins may add categories beyond the defaults
      { ...text('category', 'Category', 'Category is required', 60), suggestions: DEFAULT_GALLERY_CATEGORIES },
    ],
    image: {
      kind: 'multiple',
      field: 'images',
      min: 1,
      max: GALLERY_MAX_IMAGES,
      minMessage: 'At least one image is required',
      maxMessage: `Maximum ${GALLERY_MAX_IMAGES} images allowed`,
      withDescriptions: true,
    },
  },
  project: {
    path: 'project',
    admin: { path: '/admin/project', nav: { label: 'Projects', order: 60 }, module: 'projects' },
    table: 'project',
    noun: 'Project',
    listEnvelope: 'array',
    updateMethod: 'PUT',
    titleField: 'title',
    fields: [
      {
        name: 'category',
        label: 'Category',
        kind: 'select',
        required: 'Category is required',
        options: PROJECT_CATEGORIES,
      },
      text('title', 'Project Title', 'Project title is required'),
      text('location', 'Location', 'Location is required'),
      text('developer', 'Developer', 'Developer is required'),
      { name: 'units', label: 'Units (Scope)', kind: 'integer' },
      { name: 'launchDate', label: 'Launch Date', kind: 'date', required: 'Launch Date is required' },
      {
        ...textarea('description', 'Description', 'Description is required', PROJECT_DESCRIPTION_MAX),
        maxMessage: `Description must be at most ${PROJECT_DESCRIPTION_MAX} characters`,
      },
      {
        name: 'status',
        label: 'Status',
        kind: 'select',
        required: 'Status is required',
        options: PROJECT_STATUSES,
      },
      { name: 'expectedCompletion', label: 'Expected Completion', kind: 'date' },
      { name: 'completionDate', label: 'Completion Date', kind: 'date' },
      text('completion', 'Completion (%)', undefined, 20),
      text('designStyle', 'Design Style', undefined, 100),
      text('area', 'Area', undefined, 100),
      text('clientSatisfaction', 'Client Satisfaction', undefined, 100),
      { name: 'categories', label: 'Categories', kind: 'list', max: 100 },
      { name: 'awards', label: 'Awards', kind: 'list', max: 200 },
    ],
    conditionalFields: [
      {
        // units are only meaningful for Construction; any other category stores 0
        field: 'units',
        appliesWhen: (values) => String(values.category ?? '').trim() === 'Construction',
        otherwise: 0,
        mustBe: { test: (value) => isNonZero(value), message: UNITS_POSITIVE_MESSAGE },
      },
    ],
    image: {
      kind: 'multiple',
      field: 'images',
      min: 1,
      max: GALLERY_MAX_IMAGES,
      minMessage: 'At least one image is required',
      maxMessage: `Maximum ${GALLERY_MAX_IMAGES} images allowed`,
    },
  },
  banners: {
    path: 'banners',
    admin: {
      path: '/admin/home/banner',
      nav: { label: 'Banners', group: 'Home', order: 11 },
      screen: { copy: { ...screenCopy.homeBanners, ...bannerCopy }, toastMs: TOAST_LONG_MS, formMode: 'inline', columns: bannerColumns },
    },
    table: 'banners',
    noun: 'Banner',
    listEnvelope: 'array',
    updateMethod: 'PUT',
    titleField: 'title',
    fields: [text('title', 'Title', 'Title is required'), textarea('description', 'Description')],
    image: singleImage(),
  },
  property: {
    path: 'property',
    admin: {
      path: '/admin/home/property',
      nav: { label: 'Properties', group: 'Home', order: 12 },
      screen: {
        copy: screenCopy.properties,
        toastMs: TOAST_LONG_MS,
        formMode: 'inline',
        columns: [{ kind: 'image' }, { kind: 'text', header: 'Title', field: 'title' }],
      },
    },
    table: 'property',
    noun: 'Property',
    listEnvelope: 'array',
    updateMethod: 'PUT',
    titleField: 'title',
    fields: [text('title', 'Title', 'Title is required')],
    image: singleImage(),
  },
  bannerAbout: {
    path: 'bannerAbout',
    admin: {
      path: '/admin/about/banner',
      nav: { label: 'About Banners', group: 'About Us', order: 21 },
      screen: { copy: { ...screenCopy.aboutBanners, ...bannerCopy }, toastMs: TOAST_LONG_MS, columns: bannerColumns },
    },
    table: 'banner_about',
    noun: 'Banner',
    listEnvelope: 'banners',
    updateMethod: 'PUT',
    titleField: 'title',
    fields: [text('title', 'Title', 'Title is required'), textarea('description', 'Description')],
    image: singleImage(),
  },
  communityAbout: {
    path: 'communityAbout',
    admin: {
      path: '/admin/about/community',
      nav: { label: 'Community', group: 'About Us', order: 22 },
      screen: {
        copy: screenCopy.community,
        toastMs: TOAST_LONG_MS,
        columns: [
          { kind: 'images', header: 'Images' },
          { kind: 'text', header: 'Title', field: 'title' },
          { kind: 'text', header: 'Description', field: 'description', preview: PREVIEW_CHARS },
        ],
      },
    },
    table: 'community_about',
    noun: 'Entry',
    listEnvelope: 'data',
    updateMethod: 'PUT',
    titleField: 'title',
    fields: [text('title', 'Title', 'Title is required'), textarea('description', 'Description', 'Description is required')],
    image: {
      kind: 'multiple',
      field: 'images',
      min: COMMUNITY_IMAGE_COUNT,
      max: COMMUNITY_IMAGE_COUNT,
      exact: true,
      minMessage: 'Please upload exactly 3 images. You currently have {count}.',
      maxMessage: 'You can only have a total of 3 images...',
    },
  },
  topprojects: {
    path: 'topprojects',
    admin: {
      path: '/admin/home/topprojects',
      // the spec's misspelt path shows the same screen
      aliases: ['/adminhome/propetopprojectsrty'],
      nav: { label: 'Top Projects', group: 'Home', order: 13 },
      screen: {
        copy: screenCopy.topProjects,
        toastMs: TOAST_LONG_MS,
        formMode: 'inline',
        columns: [
          { kind: 'image', alt: 'name' },
          { kind: 'text', header: 'Name', field: 'name' },
          { kind: 'text', header: 'Location', field: 'location' },
          { kind: 'text', header: 'Developer', field: 'developer' },
          { kind: 'text', header: 'Offer', field: 'offer', preview: 50 },
        ],
      },
    },
    table: 'top_projects',
    noun: 'Top project',
    listEnvelope: 'array',
    updateMethod: 'PUT',
    titleField: 'name',
    fields: [
      text('name', 'Name', 'Name is required'),
      text('location', 'Location', 'Location is required'),
      text('developer', 'Developer', undefined),
      text('offer', 'Offer', undefined, 300),
    ],
    image: singleImage(),
  },
  Interiorbanner: {
    path: 'Interiorbanner',
    admin: {
      path: '/admin/interior/banner',
      nav: { label: 'Interior Banners', group: 'Interior', order: 81 },
      screen: { copy: { ...screenCopy.interiorBanners, ...bannerCopy }, toastMs: TOAST_LONG_MS, columns: bannerColumns },
    },
    table: 'interior_banner',
    noun: 'Banner',
    listEnvelope: 'array',
    updateMethod: 'PATCH',
    titleField: 'title',
    fields: [text('title', 'Title', 'Title is required'), textarea('description', 'Description')],
    image: singleImage(),
  },
  solution: {
    path: 'solution',
    admin: {
      path: '/admin/interior/solution',
      nav: { label: 'Solutions', group: 'Interior', order: 82 },
      screen: {
        copy: screenCopy.solutions,
        toastMs: TOAST_LONG_MS,
        columns: [
          { kind: 'image', alt: 'name' },
          { kind: 'text', header: 'Name', field: 'name' },
        ],
      },
    },
    table: 'solution',
    noun: 'Solution',
    listEnvelope: 'array',
    updateMethod: 'PUT',
    titleField: 'name',
    combinedRequiredMessage: 'Name and image are required.',
    fields: [text('name', 'Name', 'Name and image are required.')],
    image: singleImage('Name and image are required.'),
  },
  experience: {
    path: 'experience',
    admin: {
      path: '/admin/interior/experience',
      nav: { label: 'Experience Centres', group: 'Interior', order: 83 },
      module: 'experience-centres',
    },
    table: 'experience',
    noun: 'Experience center',
    listEnvelope: 'array',
    updateMethod: 'PUT',
    titleField: 'name',
    fields: [
      text('name', 'Name', 'Name is required'),
      textarea('address', 'Address', 'Address is required', 500),
      text('timing', 'Timing', 'Timing is required'),
      text('experience', 'Experience', 'Experience is required'),
    ],
    image: singleImage(),
  },
  interiorportfolio: {
    path: 'interiorportfolio',
    admin: { path: '/admin/interior/portfolio', nav: { label: 'Portfolio', group: 'Interior', order: 84 }, module: 'interior-portfolio' },
    table: 'interior_portfolio',
    noun: 'Portfolio',
    listEnvelope: 'array',
    updateMethod: 'PUT',
    titleField: 'title',
    combinedRequiredMessage: 'Category, Title, and Image are required.',
    fields: [
      text('category', 'Category', 'Category, Title, and Image are required.', 100),
      text('title', 'Title', 'Category, Title, and Image are required.'),
      textarea('description', 'Description (optional)'),
    ],
    image: singleImage('Category, Title, and Image are required.'),
  },
  'team-members': {
    path: 'team-members',
    admin: { path: '/admin/TeamMembers', nav: { label: 'Team Members', order: 40 }, module: 'team-members' },
    table: 'team_members',
    noun: 'Team member',
    listEnvelope: 'array',
    updateMethod: 'PUT',
    titleField: 'name',
    fields: [
      text('name', 'Name', 'Name is required'),
      text('title', 'Title', 'Title is required'),
      { ...text('role', 'Role', undefined), hiddenInForm: true },
      textarea('description', 'Description'),
      { name: 'linkedin', label: 'LinkedIn', kind: 'url', max: 300, hiddenInForm: true },
      { name: 'twitter', label: 'Twitter', kind: 'url', max: 300, hiddenInForm: true },
    ],
    image: singleImage(),
  },
} as const satisfies Record<string, ResourceDef>;

export type ResourceKey = keyof typeof resources;

/** The resource whose admin screen (or one of its aliases) is at `pathname`. */
export function resourceAtPath<const D extends Readonly<Record<string, ResourceDef>>>(
  definitions: D,
  pathname: string,
): (keyof D & string) | undefined {
  const path = pathname.replace(/\/+$/, '');
  return Object.keys(definitions).find((key) => {
    const { admin } = definitions[key];
    return admin.path === path || (admin.aliases ?? []).includes(path);
  });
}

/** The choices a definition gives a field: its options, or the suggestions of a free-text field. */
export function choicesOf(def: ResourceDef, fieldName: string): readonly string[] {
  const field = def.fields.find((candidate) => candidate.name === fieldName);
  return field?.options ?? field?.suggestions ?? [];
}
export const RESOURCE_KEYS = Object.keys(resources) as ResourceKey[];

/** Gallery images are objects; every other multi-image resource keeps plain URLs. */
export interface GalleryImage {
  url: string;
  description: string;
}

/** Fields every record carries. */
interface RecordBase {
  _id: string;
  createdAt: string;
  updatedAt: string;
}

/** The value type of a field: numbers, lists, one of the options, or text ('' when empty, dates too). */
type FieldValue<F extends FieldDef> = F extends { kind: 'integer' }
  ? number
  : F extends { kind: 'list' }
    ? string[]
    : F extends { kind: 'select'; options: readonly (infer O)[] }
      ? O
      : string;

/** A single image is its URL; several are URLs, or URL and description (the gallery). */
type ImageValue<P extends ImagePolicy> = P extends { kind: 'single' }
  ? string
  : P extends { withDescriptions: true }
    ? GalleryImage[]
    : string[];

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The API record of a resource, inferred from its definition. */
export type RecordOf<D extends ResourceDef> = Simplify<
  RecordBase & { -readonly [F in D['fields'][number] as F['name']]: FieldValue<F> } & {
    -readonly [P in D['image']['field']]: ImageValue<D['image']>;
  }
>;

/** The record type of each resource, for typed clients. */
export type ResourceRecords = { [K in ResourceKey]: RecordOf<(typeof resources)[K]> };

export type ClientStory = ResourceRecords['clients'];
export type GalleryItem = ResourceRecords['gallery'];
export type Project = ResourceRecords['project'];
export type Banner = ResourceRecords['banners'];
export type Property = ResourceRecords['property'];
export type CommunityEntry = ResourceRecords['communityAbout'];
export type TopProject = ResourceRecords['topprojects'];
export type Solution = ResourceRecords['solution'];
export type ExperienceCentre = ResourceRecords['experience'];
export type PortfolioItem = ResourceRecords['interiorportfolio'];
export type TeamMember = ResourceRecords['team-members'];

/** Contact message as stored and as admins read it. */
export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  number: string;
  message: string;
  createdAt: string;
}
