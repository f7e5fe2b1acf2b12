/**
 * What a public page is made of (docs/decisions/0029): a file in web/pages/ whose default export is the
 * page and whose `page` export, made with `definePublicPage`, says everything else about it. The route
 * list, the sitemap, the menus, the loading texts and the browser's page chunks are derived from these.
 * Types only: a definition imports no server code and no React Router, so it may sit beside the page.
 */
import type { AppLoadContext, data as dataReply, redirect as redirectReply } from 'react-router';
import type { Project, ResourceKey, ResourceRecords } from '../../shared/resources';
import type { AboutContent } from '../../shared/about-content';
import type { SiteSettings } from '../../shared/site-settings';
import type { Crumb } from '../../shared/structured-data';
import type { Language } from '../../shared/languages';
import type { PublicCopy } from '../../shared/copy/public-copy';
import type { Localized } from '../../shared/translations';
import type { Section } from './section';

/** The page's language (its path's prefix, docs/decisions/0049) and its fixed texts in that language. */
export interface PageLanguageArgs {
  language: Language;
  copy: PublicCopy;
}

/** What a page's `load` is given: the address, its language and the reads it may make (each a section of its own). */
export interface PageLoadArgs extends PageLanguageArgs {
  url: URL;
  /** `?preview=<id>` asked by signed-in staff: that hidden item is shown in its list. */
  previewId?: string;
  /** The records of one content resource (with the previewed hidden item), as a section, in the page's language (`fallbackFields`: those left in English). */
  load<K extends ResourceKey>(key: K): Promise<Section<Localized<ResourceRecords[K]>[]>>;
  /** The About content as a section (the one a preview shows, in a preview). */
  aboutContent(): Promise<Section<AboutContent>>;
  /** Any other read from the server's services, as a section: a failure is that section's error state. */
  read<T>(read: (services: AppLoadContext['services']) => Promise<T>): Promise<Section<T>>;
  /** Sends the visitor to `to` (an English path) in the page's language instead (302, never cached), keeping a staff preview. */
  redirect(to: string): never;
}

/** What a page's `action` (a form sent without JavaScript) is given: `redirect` keeps the page's language on a site path. */
export interface PageActionArgs extends PageLanguageArgs {
  request: Request;
  services: AppLoadContext['services'];
  /** React Router's replies: a value with a status, or a redirect. */
  data: typeof dataReply;
  redirect: typeof redirectReply;
}

/** A page's own meta; `pageMeta` (web/lib/page-meta.ts) adds the rest. */
export interface PageMetaOf {
  /** Suffixed with the company name; null: the home page, titled by the settings' default title. */
  title: string | null;
  /** Absent: the settings' default description. */
  description?: string;
  /** A stored image URL for og:image when the settings name no share image. */
  image?: string;
  /** The trail below Home to this page; absent: the page alone (none for the home page). */
  crumbs?: readonly Crumb[];
  /** The projects the page lists, as JSON-LD item lists once they have loaded. */
  projects?: Section<Project[]>;
}

export interface PublicPageDefinition<Props> {
  /** Its address, as the spec gives it. */
  path: string;
  /** Its place among the pages: in the sitemap and in the menus. */
  order: number;
  /** Its name in links and messages: the menus' text and the footer's WhatsApp message. */
  label: string;
  /** Reached only from other pages' links (the project form): left out of the sitemap, the menus and the frame's list of pages. */
  unlisted?: true;
  /** The menus that link to it. */
  menus?: readonly ('header' | 'footer')[];
  /** The menus underline its link on any path starting with its own (the spec's rule for the gallery). */
  activeOnPrefix?: true;
  /** Shown while the browser fetches it (a link followed); absent: 'Loading...'. */
  loadingText?: string;
  /** The content it shows besides the Site settings: its lastmod in the sitemap. */
  sitemap: { resources: readonly ResourceKey[]; about?: true };
  /** Its props, read on the server for every render; absent: none. */
  load?: (args: PageLoadArgs) => Promise<Props>;
  meta: (args: { data: Props | undefined; site: SiteSettings | null } & PageLanguageArgs) => PageMetaOf;
  /** Its form sent without JavaScript (a plain POST); what it answers reaches the page as its `posted` prop. */
  action?: (args: PageActionArgs) => Promise<unknown>;
}

/** A page's definition, with its props' type kept for its component. */
export function definePublicPage<Props>(definition: PublicPageDefinition<Props>): PublicPageDefinition<Props> {
  return definition;
}

/** The props a page's `load` gives its component. */
export type PagePropsOf<D> = D extends PublicPageDefinition<infer Props> ? Props : never;
