/**
 * The gallery in pages (issue 22): a URL shows the first `page` pages of one category, so a reload, Back
 * or a shared link shows as much as the visitor had loaded. Each view has one URL (`galleryHref`); the
 * loader redirects any other spelling there, so the page cache holds one entry per category and page.
 */
import { DEFAULT_GALLERY_CATEGORIES, GALLERY_PAGE_SIZE } from '../../shared/resource-options';
import type { GalleryItem } from '../../shared/resources';
import { categorySlug } from './category-slug';

/** The default categories first, then any an admin added, each once. */
function galleryCategories(items: GalleryItem[]): string[] {
  const present = new Set(items.map((item) => item.category));
  const extra = [...present].filter((c) => !(DEFAULT_GALLERY_CATEGORIES as readonly string[]).includes(c)).sort();
  return [...DEFAULT_GALLERY_CATEGORIES.filter((c) => present.has(c)), ...extra];
}

/** The one URL of a view: the category's slug (none for All) and the pages shown (none for the first). */
export function galleryHref(category: string | null, pages: number): string {
  const query = new URLSearchParams();
  if (category) query.set('category', categorySlug(category));
  if (pages > 1) query.set('page', String(pages));
  const search = query.toString();
  return search ? `/gallery?${search}` : '/gallery';
}

/** What the address asks for: the category's slug ('' for All; any case or spacing of a name) and the pages. */
export function requestedView(search: URLSearchParams): { slug: string; pages: number } {
  const page = search.get('page') ?? '';
  return { slug: categorySlug(search.get('category') ?? ''), pages: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1 };
}

export interface GalleryView {
  categories: string[];
  /** null: All */
  category: string | null;
  /** the items shown: the first `pages` pages of the category */
  items: GalleryItem[];
  pages: number;
  /** the items of the category */
  total: number;
  /** set when the query is not this view's own URL: where to send the visitor instead */
  redirectTo: string | null;
}

/**
 * The view a query asks for. An unknown category is All and a page out of range the nearest one (the
 * redirect says so); `showId` (a staff preview) is shown even when it lies beyond the pages asked for.
 */
export function galleryView(all: GalleryItem[], search: URLSearchParams, showId?: string): GalleryView {
  const categories = galleryCategories(all);
  const { slug, pages: asked } = requestedView(search);
  const category = categories.find((c) => categorySlug(c) === slug) ?? null;
  const filtered = category ? all.filter((item) => item.category === category) : all;
  const lastPage = Math.max(1, Math.ceil(filtered.length / GALLERY_PAGE_SIZE));
  const previewAt = showId ? filtered.findIndex((item) => item._id === showId) : -1;
  const pages = Math.max(Math.min(asked, lastPage), Math.ceil((previewAt + 1) / GALLERY_PAGE_SIZE));
  const href = galleryHref(category, Math.min(asked, lastPage));
  const given = ['category', 'page'].flatMap((name) => search.getAll(name).map((value) => [name, value]));
  const own = [...new URLSearchParams(href.split('?')[1] ?? '')];
  const canonical = given.length === own.length && given.every(([name, value], i) => own[i][0] === name && own[i][1] === value);
  return {
    categories,
    category,
    items: filtered.slice(0, pages * GALLERY_PAGE_SIZE),
    pages,
    total: filtered.length,
    redirectTo: canonical ? null : href,
  };
}
