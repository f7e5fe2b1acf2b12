/**
 * The content resources of the site, defined once. The server builds its routes,
 * validation and storage from these; the admin builds its tables and forms from them.
 */

export const PROJECT_CATEGORIES = ['Construction', 'Interior'] as const;
export const PROJECT_STATUSES = ['Upcoming', 'Ongoing', 'Completed'] as const;
export const CLIENT_CATEGORIES = ['Interior Design', 'Renovation', 'Architecture', 'Commercial', 'Residential'] as const;
export const DEFAULT_GALLERY_CATEGORIES = ['Residential Project', 'Interior', 'Wooden Carving', 'Construction'] as const;

type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];
type ProjectStatus = (typeof PROJECT_STATUSES)[number];

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
  /** The admin form shows no input for it (the spec's team member form). */
  hiddenInForm?: boolean;
  placeholder?: string;
}

export interface SingleImagePolicy {
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

export interface ResourceDef {
  /** API path segment under /api, case as the spec gives it. */
  path: string;
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
}

const text = (name: string, label: string, required?: string, max = 200): FieldDef => ({
  name,
  label,
  kind: 'text',
  required,
  max,
});
const textarea = (name: string, label: string, required?: string, max = 2000): FieldDef => ({
  name,
  label,
  kind: 'textarea',
  required,
  max,
});
const singleImage = (requiredOnCreate = 'Image is required'): SingleImagePolicy => ({
  kind: 'single',
  field: 'image',
  requiredOnCreate,
});

const PROJECT_DESCRIPTION_MAX = 500;
const CLIENT_TESTIMONIAL_MAX = 500;
const GALLERY_MAX_IMAGES = 20;
const COMMUNITY_IMAGE_COUNT = 3;

export const resources = {
  clients: {
    path: 'clients',
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
    noun: 'Gallery item',
    listEnvelope: 'data',
    updateMethod: 'PUT',
    titleField: 'title',
    fields: [
      text('title', 'Project Title', 'Project title is required'),
      // free text: admins may add categories beyond the defaults
      text('category', 'Category', 'Category is required', 60),
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
    noun: 'Banner',
    listEnvelope: 'array',
    updateMethod: 'PUT',
    titleField: 'title',
    fields: [text('title', 'Title', 'Title is required'), textarea('description', 'Description')],
    image: singleImage(),
  },
  property: {
    path: 'property',
    noun: 'Property',
    listEnvelope: 'array',
    updateMethod: 'PUT',
    titleField: 'title',
    fields: [text('title', 'Title', 'Title is required')],
    image: singleImage(),
  },
  bannerAbout: {
    path: 'bannerAbout',
    noun: 'Banner',
    listEnvelope: 'banners',
    updateMethod: 'PUT',
    titleField: 'title',
    fields: [text('title', 'Title', 'Title is required'), textarea('description', 'Description')],
    image: singleImage(),
  },
  communityAbout: {
    path: 'communityAbout',
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
    noun: 'Banner',
    listEnvelope: 'array',
    updateMethod: 'PATCH',
    titleField: 'title',
    fields: [text('title', 'Title', 'Title is required'), textarea('description', 'Description')],
    image: singleImage(),
  },
  solution: {
    path: 'solution',
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

export interface ClientStory extends RecordBase {
  name: string;
  title: string;
  description: string;
  category: string;
  image: string;
}
export interface GalleryItem extends RecordBase {
  title: string;
  category: string;
  images: GalleryImage[];
}
export interface Project extends RecordBase {
  category: ProjectCategory;
  title: string;
  location: string;
  developer: string;
  units: number;
  launchDate: string;
  description: string;
  status: ProjectStatus;
  expectedCompletion: string;
  completionDate: string;
  completion: string;
  designStyle: string;
  area: string;
  clientSatisfaction: string;
  categories: string[];
  awards: string[];
  images: string[];
}
export interface Banner extends RecordBase {
  title: string;
  description: string;
  image: string;
}
export interface Property extends RecordBase {
  title: string;
  image: string;
}
export interface CommunityEntry extends RecordBase {
  title: string;
  description: string;
  images: string[];
}
export interface TopProject extends RecordBase {
  name: string;
  location: string;
  developer: string;
  offer: string;
  image: string;
}
export interface Solution extends RecordBase {
  name: string;
  image: string;
}
export interface ExperienceCentre extends RecordBase {
  name: string;
  address: string;
  timing: string;
  experience: string;
  image: string;
}
export interface PortfolioItem extends RecordBase {
  category: string;
  title: string;
  description: string;
  image: string;
}
export interface TeamMember extends RecordBase {
  name: string;
  title: string;
  role: string;
  description: string;
  linkedin: string;
  twitter: string;
  image: string;
}

/** The record type of each resource, for typed clients. */
export interface ResourceRecords {
  clients: ClientStory;
  gallery: GalleryItem;
  project: Project;
  banners: Banner;
  property: Property;
  bannerAbout: Banner;
  communityAbout: CommunityEntry;
  topprojects: TopProject;
  Interiorbanner: Banner;
  solution: Solution;
  experience: ExperienceCentre;
  interiorportfolio: PortfolioItem;
  'team-members': TeamMember;
}

/** Contact message as stored and as admins read it. */
export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  number: string;
  message: string;
  createdAt: string;
}
