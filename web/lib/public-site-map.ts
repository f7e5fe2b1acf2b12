/**
 * What the frame (header, footer, the next page's loading text) knows of every public page: a few strings
 * each, derived from the definitions in web/pages/. The frame is on every page, so the public browser build
 * puts this module's value in its place (vite.public.config.ts): visitors get these strings, not the pages.
 */
import { publicPages } from '../pages';
import type { CopyKey } from '../../shared/copy/public-copy';

export interface SiteMapEntry {
  path: string;
  /** Its name: a text of the copy, which the frame reads in the page's language. */
  label: CopyKey;
  menus: readonly ('header' | 'footer')[];
  activeOnPrefix?: true;
  loadingText?: CopyKey;
}

/** In the pages' order; an unlisted page (the project form) is not among them. */
export const PUBLIC_SITE_MAP: readonly SiteMapEntry[] = publicPages
  .filter((page) => !page.unlisted)
  .map(({ path, label, menus = [], activeOnPrefix, loadingText }) => ({
    path,
    label,
    menus,
    ...(activeOnPrefix ? { activeOnPrefix } : {}),
    ...(loadingText ? { loadingText } : {}),
  }));
