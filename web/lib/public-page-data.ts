/** What the server hands the public pages' browser entry: the page's name, address and props, in a JSON data block. */
import type { PageAddress } from '../components/public/page-context';

/** The element the public page is rendered in and hydrated from. */
export const PUBLIC_APP_ID = 'public-app';
/** The JSON data block with the page's `PublicPageData`. */
export const PUBLIC_PAGE_DATA_ID = 'public-page';

export interface PublicPageData {
  /** The page's file name in web/pages/: the chunk the browser entry loads. */
  name: string;
  address: PageAddress;
  props: Record<string, unknown>;
}

/** JSON that is safe inside an HTML script element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
