/**
 * Gallery: category chips bound to ?category=, a page of image cards with Load more (?page=, a plain link
 * without JavaScript, appended in place with it), a lightbox over the loaded items, Retry and Reset Filters.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { optionLabel } from '../../shared/copy/public-copy';
import { groupCounts } from '../../shared/format';
import { localizedPath } from '../../shared/languages';
import { fieldLang, type Localized } from '../../shared/translations';
import type { GalleryItem } from '../../shared/resources';
import { useLanguage, usePublicCopy, useSearchParams } from '../components/public/page-context';
import { SectionHeading } from '../components/public/section-heading';
import { EmptyState, ErrorState, LoadingState } from '../components/public/section-state';
import type { LightboxImage } from '../components/public/gallery-lightbox';
import { ResponsiveImage } from '../components/ui/responsive-image';
import { categorySlug } from '../lib/category-slug';
import { galleryHref, galleryView, requestedView } from '../lib/gallery-pages';
import { definePublicPage } from '../lib/public-page-definition';
import { PUBLIC_PAGE_DATA_ID, type PublicPageData } from '../lib/public-page-data';
import type { Section } from '../lib/section';

const GalleryLightbox = lazy(() => import('../components/public/gallery-lightbox'));

export interface GalleryPageProps {
  /** the items shown: the first `pages` pages of the category */
  items: Section<GalleryItem[]>;
  categories: string[];
  /** null: All */
  category: string | null;
  pages: number;
  /** the items of the category */
  total: number;
}

const PATH = '/gallery';

export const page = definePublicPage<GalleryPageProps>({
  path: PATH,
  order: 40,
  label: ['nav', 'gallery'],
  menus: ['header', 'footer'],
  activeOnPrefix: true,
  loadingText: ['states', 'galleryLoading'],
  sitemap: { resources: ['gallery'] },
  async load({ load, url, previewId, redirect }) {
    const all = await load('gallery');
    if (!all.ok) return { items: all, categories: [], category: null, pages: 1, total: 0 };
    const { items, redirectTo, ...view } = galleryView(all.data, url.searchParams, previewId);
    // an unknown category or page, or another spelling of a known one: its one URL
    if (redirectTo) redirect(redirectTo);
    return { items: { ok: true, data: items }, ...view };
  },
  meta: ({ copy }) => ({ title: copy.gallery.title, description: copy.gallery.metaDescription }),
});

/** A category's words in the page's language; one staff typed in reads as typed, marked English. */
function ChipLabel({ label }: { label: { text: string; lang: 'en' | undefined } }) {
  return <span lang={label.lang}>{label.text}</span>;
}

/**
 * The alt text of an item's image and its language: its alt text, else its description, else the item's title; `lang`
 * 'en' where a Kannada page shows the English one (fallbackFields: `images.<i>.alt`, `images.<i>.description`, `title`).
 */
function imageAlt(item: Localized<GalleryItem>, index: number): { alt: string; lang: 'en' | undefined } {
  const image = item.images[index];
  if (image?.alt) return { alt: image.alt, lang: fieldLang(item, `images.${index}.alt`) };
  if (image?.description) return { alt: image.description, lang: fieldLang(item, `images.${index}.description`) };
  return { alt: item.title, lang: fieldLang(item, 'title') };
}
const coverAlt = (item: Localized<GalleryItem>) => imageAlt(item, 0);

/** An image of an item as the lightbox shows it, its texts' languages with it. */
function lightboxImage(item: Localized<GalleryItem>, index: number): LightboxImage {
  const image = item.images[index];
  const described = Boolean(image.description);
  const { alt, lang: altLang } = imageAlt(item, index);
  return {
    url: image.url,
    title: item.title,
    description: image.description,
    alt,
    altLang,
    descriptionLang: fieldLang(item, described ? `images.${index}.description` : 'title'),
  };
}

/** The id of the n-th card (1-based): the no-JavaScript Load more link lands on the first new one. */
const cardId = (n: number) => `gallery-item-${n}`;

/** Another view of the gallery, as the server renders it: its props from the page's data block, and the URL it ended at. */
async function fetchView(href: string, signal?: AbortSignal): Promise<{ props: GalleryPageProps; url: URL }> {
  const response = await fetch(href, { signal, headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`gallery page answered ${response.status}`);
  const document = new DOMParser().parseFromString(await response.text(), 'text/html');
  const data = JSON.parse(document.getElementById(PUBLIC_PAGE_DATA_ID)?.textContent ?? 'null') as PublicPageData | null;
  if (data?.name !== 'gallery') throw new Error('not a gallery page');
  return { props: data.props as unknown as GalleryPageProps, url: new URL(response.url) };
}

type FetchedView = Awaited<ReturnType<typeof fetchView>>;

/**
 * The fetch of the view the address names, as a store's subscription (read with useSyncExternalStore):
 * the page subscribing to it (the address changed under it: a chip, Back, Forward) starts the fetch,
 * and leaving it (another address, or the page) abandons it. A failed fetch loads the view as a page,
 * which shows it or its error state.
 */
function fetchOnSubscribe(href: string, adopt: (fetched: FetchedView) => void) {
  return () => {
    const controller = new AbortController();
    fetchView(href, controller.signal)
      .then(adopt)
      .catch(() => {
        if (!controller.signal.aborted) window.location.assign(href);
      });
    return () => controller.abort();
  };
}
const noFetch = () => () => undefined;
/** The subscription is the point: nothing is read from it. */
const nothingToRead = () => undefined;

export default function GalleryPage(props: GalleryPageProps) {
  const { gallery, states, options } = usePublicCopy();
  const language = useLanguage();
  const [view, setView] = useState(props);
  const [retrying, setRetrying] = useState(false);
  const [loading, setLoading] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const [open, setOpen] = useState<number | null>(null);
  /** the card to focus once appended items have rendered */
  const focusCard = useRef<number | null>(null);
  const { items, categories, category, pages, total } = view;
  const shown = items.ok ? items.data : [];
  // the lightbox walks every image of the loaded items; a card opens at its first image
  const images: LightboxImage[] = shown.flatMap((item) => item.images.map((_image, index) => lightboxImage(item, index)));
  const firstImageOf = (itemIndex: number) => shown.slice(0, itemIndex).reduce((n, item) => n + item.images.length, 0);
  const path = localizedPath(PATH, language);
  const nextHref = shown.length < total ? localizedPath(galleryHref(category, pages + 1), language) : null;

  // the address changed under the page (a chip, Back, Forward): fetch the view it names
  const wanted = requestedView(searchParams);
  const stale = wanted.slug !== (category ? categorySlug(category) : '') || wanted.pages !== pages;
  const adopt = useCallback(
    ({ props: next, url }: FetchedView) => {
      setView(next);
      // the server's own spelling of the view (an unknown category is All): the address says what is shown
      if (url.pathname === path && url.search !== window.location.search) setSearchParams(url.searchParams, { replace: true });
    },
    [setSearchParams, path],
  );
  const wantedHref = `${path}?${searchParams.toString()}`;
  const viewFetch = useMemo(() => (stale ? fetchOnSubscribe(wantedHref, adopt) : noFetch), [stale, wantedHref, adopt]);
  useSyncExternalStore(viewFetch, nothingToRead, nothingToRead);

  useEffect(() => {
    if (focusCard.current === null) return;
    document.getElementById(cardId(focusCard.current))?.querySelector('button')?.focus();
    focusCard.current = null;
  }, [items]);

  const choose = (next: string | null) => {
    setOpen(null);
    setSearchParams(next ? { category: categorySlug(next) } : {});
  };

  const loadMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!nextHref || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (loading || stale) return;
    setLoading(true);
    const first = shown.length + 1;
    fetchView(nextHref)
      .then(({ props: next }) => {
        focusCard.current = first;
        setView(next);
        setLoading(false);
        // more of the same view: Back leaves the gallery, a reload shows as much again
        setSearchParams(new URLSearchParams(nextHref.split('?')[1]), { replace: true });
      })
      .catch(() => window.location.assign(nextHref));
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <SectionHeading level={1} title={gallery.title} subtitle={gallery.intro} />
      {retrying ? (
        <LoadingState text={states.galleryLoading} />
      ) : !items.ok ? (
        <ErrorState text={states.galleryError}>
          <button
            type="button"
            onClick={() => {
              // the page again from the server: its read is retried there
              setRetrying(true);
              window.location.reload();
            }}
            className="mt-4 min-h-11 rounded-full bg-brand-dark px-6 py-2 text-sm font-semibold text-white hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {states.retry}
          </button>
        </ErrorState>
      ) : (
        <>
          <div role="group" aria-label={gallery.filterLabel} className="mb-8 flex flex-wrap justify-center gap-2">
            {[null, ...categories].map((chip) => {
              const active = chip === category;
              return (
                <button
                  key={chip ?? 'all'}
                  type="button"
                  aria-pressed={active}
                  onClick={() => choose(chip)}
                  className={`min-h-11 rounded-full px-5 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                    active ? 'bg-brand-dark text-white' : 'bg-gray-100 text-gray-900 hover:bg-orange-100'
                  }`}
                >
                  {chip === null ? gallery.all : <ChipLabel label={optionLabel(options.galleryCategory, chip)} />}
                </button>
              );
            })}
          </div>
          {shown.length === 0 ? (
            <EmptyState text={states.galleryEmpty}>
              <button
                type="button"
                onClick={() => choose(null)}
                className="mt-4 min-h-11 rounded-full bg-brand-dark px-6 py-2 text-sm font-semibold text-white hover:bg-orange-800"
              >
                {states.resetFilters}
              </button>
            </EmptyState>
          ) : (
            <>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={loading || stale}>
                {shown.map((item, i) => (
                  <li key={item._id} id={cardId(i + 1)} data-testid="gallery-item">
                    <button
                      type="button"
                      onClick={() => setOpen(firstImageOf(i))}
                      className="group block w-full overflow-hidden rounded-xl bg-white text-left shadow-md ring-1 ring-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                    >
                      <ResponsiveImage
                        src={item.images[0]?.url}
                        {...coverAlt(item)}
                        focus={item.images[0]}
                        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                        priority={i === 0}
                        className="aspect-[4/3] w-full object-cover transition-transform duration-500 group-hover:scale-105"
                      />
                      <span className="block p-4">
                        <span className="block font-bold text-gray-900" lang={fieldLang(item, 'title')}>
                          {item.title}
                        </span>
                        <span className="mt-1 flex justify-between text-sm text-gray-700">
                          <ChipLabel label={optionLabel(options.galleryCategory, item.category)} />
                          <span>{groupCounts(gallery.photos(item.images.length))}</span>
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <div className="mt-10 flex flex-col items-center gap-4">
                <p role="status" className="text-sm text-gray-700" data-testid="gallery-count">
                  {groupCounts(gallery.showing(shown.length, total))}
                </p>
                {nextHref && (
                  <a
                    // without JavaScript the next page loads with every card so far, and scrolls to the first new one
                    href={`${nextHref}#${cardId(shown.length + 1)}`}
                    onClick={loadMore}
                    aria-disabled={loading || undefined}
                    className="inline-flex min-h-11 items-center rounded-full bg-brand-dark px-6 py-2 text-sm font-semibold text-white hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                  >
                    {gallery.loadMore}
                  </a>
                )}
              </div>
            </>
          )}
        </>
      )}
      {open !== null && images.length > 0 && (
        <Suspense fallback={null}>
          <GalleryLightbox images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
