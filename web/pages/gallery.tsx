/** Gallery: category chips bound to ?category=, image cards, a lightbox over the filtered items, Retry and Reset Filters. */
import { lazy, Suspense, useState } from 'react';
import { gallery, states } from '../../shared/copy/public';
import { DEFAULT_GALLERY_CATEGORIES } from '../../shared/resource-options';
import type { GalleryItem } from '../../shared/resources';
import { useSearchParams } from '../components/public/page-context';
import { SectionHeading } from '../components/public/section-heading';
import { EmptyState, ErrorState, LoadingState } from '../components/public/section-state';
import type { LightboxImage } from '../components/public/gallery-lightbox';
import { ResponsiveImage } from '../components/ui/responsive-image';
import { categorySlug } from '../lib/category-slug';
import type { Section } from '../lib/section';

const GalleryLightbox = lazy(() => import('../components/public/gallery-lightbox'));

/** The default categories first, then any an admin added, each once. */
function galleryCategories(items: GalleryItem[]): string[] {
  const present = new Set(items.map((item) => item.category));
  const extra = [...present].filter((c) => !(DEFAULT_GALLERY_CATEGORIES as readonly string[]).includes(c)).sort();
  return [...DEFAULT_GALLERY_CATEGORIES.filter((c) => present.has(c)), ...extra];
}

export interface GalleryPageProps {
  items: Section<GalleryItem[]>;
}

export default function GalleryPage({ items }: GalleryPageProps) {
  const [retrying, setRetrying] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const [open, setOpen] = useState<number | null>(null);
  const all = items.ok ? items.data : [];
  const categories = galleryCategories(all);
  const selectedSlug = (searchParams.get('category') ?? '').toLowerCase();
  const selected = categories.find((c) => categorySlug(c) === selectedSlug) ?? null;
  const filtered = selected ? all.filter((item) => item.category === selected) : all;
  // the lightbox walks every image of the filtered items; a card opens at its first image
  const images: LightboxImage[] = filtered.flatMap((item) =>
    item.images.map((image) => ({ url: image.url, title: item.title, description: image.description, alt: image.alt })),
  );
  const firstImageOf = (itemIndex: number) => filtered.slice(0, itemIndex).reduce((n, item) => n + item.images.length, 0);

  const choose = (category: string | null) => {
    setOpen(null);
    setSearchParams(category ? { category: categorySlug(category) } : {});
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
            {[null, ...categories].map((category) => {
              const active = category === selected;
              return (
                <button
                  key={category ?? 'all'}
                  type="button"
                  aria-pressed={active}
                  onClick={() => choose(category)}
                  className={`min-h-11 rounded-full px-5 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                    active ? 'bg-brand-dark text-white' : 'bg-gray-100 text-gray-900 hover:bg-orange-100'
                  }`}
                >
                  {category ?? gallery.all}
                </button>
              );
            })}
          </div>
          {filtered.length === 0 ? (
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
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {filtered.map((item, i) => (
                <li key={item._id} data-testid="gallery-item">
                  <button
                    type="button"
                    onClick={() => setOpen(firstImageOf(i))}
                    className="group block w-full overflow-hidden rounded-xl bg-white text-left shadow-md ring-1 ring-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                  >
                    <ResponsiveImage
                      src={item.images[0]?.url}
                      alt={item.images[0]?.alt || item.images[0]?.description || item.title}
                      focus={item.images[0]}
                      sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                      priority={i === 0}
                      className="aspect-[4/3] w-full object-cover transition-transform duration-500 group-hover:scale-105"
                    />
                    <span className="block p-4">
                      <span className="block font-bold text-gray-900">{item.title}</span>
                      <span className="mt-1 flex justify-between text-sm text-gray-700">
                        <span>{item.category}</span>
                        <span>{gallery.photos(item.images.length)}</span>
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
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
