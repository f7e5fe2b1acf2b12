/**
 * The content resources of the site, defined once, a file each. The server builds its tables, routes,
 * validation and storage from these; the admin builds its routes, sidebar, tables and forms from them.
 * A new resource: a file beside these, one line below, and see docs/decisions/0015-resource-definitions.md.
 */
import { clients } from './clients';
import { gallery } from './gallery';
import { project } from './project';
import { banners } from './home-banners';
import { property } from './properties';
import { bannerAbout } from './about-banners';
import { communityAbout } from './community';
import { topprojects } from './top-projects';
import { Interiorbanner } from './interior-banners';
import { solution } from './solutions';
import { experience } from './experience-centres';
import { interiorportfolio } from './interior-portfolio';
import { teamMembers } from './team-members';
import type { FieldDef, ImagePolicy, ResourceDef } from './define';
import type { ImageDetails, ImageEntry } from '../image-details';
import type { ImageTranslations } from '../image-translations';
import { keysOf } from '../narrow';
import type { Translations } from '../translations';

export * from './define';
export { UNITS_POSITIVE_MESSAGE } from './project';

export const resources = {
  clients,
  gallery,
  project,
  banners,
  property,
  bannerAbout,
  communityAbout,
  topprojects,
  Interiorbanner,
  solution,
  experience,
  interiorportfolio,
  'team-members': teamMembers,
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
export const RESOURCE_KEYS: ResourceKey[] = keysOf(resources);

/** Gallery images are objects (with their alt text and focal point); every other multi-image resource keeps plain URLs. */
export interface GalleryImage extends ImageDetails {
  url: string;
  description: string;
  /** Its description and alt text in the other languages, when it has any (docs/decisions/0049). */
  translations?: ImageTranslations;
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

/** The alt text and focal point beside the images: a single image's own fields, a URL list's `imageDetails` (gallery objects carry theirs). */
type ImageDetailsValue<P extends ImagePolicy> = P extends { kind: 'single' }
  ? { imageAlt: string; imageFocusX: number; imageFocusY: number }
  : P extends { withDescriptions: true }
    ? unknown
    : { imageDetails: (ImageEntry & { translations?: ImageTranslations })[] };

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The API record of a resource, inferred from its definition. */
export type RecordOf<D extends ResourceDef> = Simplify<
  RecordBase & { -readonly [F in D['fields'][number] as F['name']]: FieldValue<F> } & {
    -readonly [P in D['image']['field']]: ImageValue<D['image']>;
  } & ImageDetailsValue<D['image']> & {
      /** Its values in the other languages (docs/decisions/0049); the API always sends it, a page's own records may leave it out. */
      translations?: Translations;
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
