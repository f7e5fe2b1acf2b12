/** Interior: first Interior banner, wooden carvings (#wooden-carving), solutions, experience centres, design process, portfolio and the consultation call. */
import { Clock, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { HASH_SCROLL_DELAY_MS, HASH_SCROLL_FALLBACK_MS, MAX_CATEGORY_CHIPS } from '../../shared/public-behaviour';
import { localizedPath } from '../../shared/languages';
import { altLang, fieldLang } from '../../shared/translations';
import { useLanguage, usePublicCopy } from '../components/public/page-context';
import type { Banner, ExperienceCentre, PortfolioItem, Solution } from '../../shared/resources';
import { singleImageDetails } from '../../shared/image-details';
import { ButtonLink } from '../components/public/button-link';
import { HeroBanner } from '../components/public/hero-banner';
import { SectionHeading } from '../components/public/section-heading';
import { ErrorState } from '../components/public/section-state';
import { ToastArea, toast } from '../components/public/toast-area';
import { ResponsiveImage } from '../components/ui/responsive-image';
import { definePublicPage } from '../lib/public-page-definition';

/** #wooden-carving: scroll after 300 ms, and again at 1000 ms if the section was not there yet. */
function useHashScroll(id: string) {
  useEffect(() => {
    if (window.location.hash !== `#${id}`) return;
    let done = false;
    const scroll = () => {
      const target = document.getElementById(id);
      if (!done && target) {
        done = true;
        target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    };
    const first = window.setTimeout(scroll, HASH_SCROLL_DELAY_MS);
    const fallback = window.setTimeout(scroll, HASH_SCROLL_FALLBACK_MS);
    return () => {
      window.clearTimeout(first);
      window.clearTimeout(fallback);
    };
  }, [id]);
}

export interface InteriorPageProps {
  banner: Banner | null;
  bannerFailed: boolean;
  /** the three sections that load together; null when any failed */
  content: { solutions: Solution[]; experience: ExperienceCentre[]; portfolio: PortfolioItem[] } | null;
}

export const page = definePublicPage<InteriorPageProps>({
  path: '/interior',
  order: 60,
  label: ['interior', 'title'],
  sitemap: { resources: ['Interiorbanner', 'solution', 'experience', 'interiorportfolio'] },
  async load({ load }) {
    const [banners, solutions, experience, portfolio] = await Promise.all([
      load('Interiorbanner'),
      load('solution'),
      load('experience'),
      load('interiorportfolio'),
    ]);
    const banner = banners.ok ? (banners.data[0] ?? null) : null;
    // the spec: these three load together, and their failure replaces the page with one message
    const content =
      solutions.ok && experience.ok && portfolio.ok
        ? { solutions: solutions.data, experience: experience.data, portfolio: portfolio.data }
        : null;
    return { banner, bannerFailed: !banners.ok, content };
  },
  meta: ({ data, copy }) => ({ title: copy.interior.title, description: copy.interior.metaDescription, image: data?.banner?.image }),
});

export default function InteriorPage({ banner, bannerFailed, content }: InteriorPageProps) {
  const { interior, states } = usePublicCopy();
  const language = useLanguage();
  useHashScroll('wooden-carving');
  useEffect(() => {
    if (bannerFailed) toast.error(states.bannerFetchFailed);
  }, [bannerFailed, states]);

  if (!content) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h1 className="text-center text-3xl font-bold text-gray-900">{interior.title}</h1>
        <ErrorState text={states.interiorError} />
        <ToastArea />
      </div>
    );
  }
  return (
    <>
      <ToastArea />
      {banner ? <HeroBanner banner={banner} /> : <h1 className="sr-only">{interior.title}</h1>}
      <WoodenCarvings />
      <Solutions solutions={content.solutions} />
      <ExperienceCentres centres={content.experience} />
      <DesignProcess />
      <Portfolio items={content.portfolio} />
      <section aria-labelledby="consultation" className="bg-brand-dark py-14 text-center text-white">
        <h2 id="consultation" className="px-4 text-3xl font-bold">
          {interior.consultationTitle}
        </h2>
        <div className="mt-6">
          <ButtonLink to={localizedPath('/contact', language)} variant="light">
            {interior.bookConsultation}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

function WoodenCarvings() {
  const { interior } = usePublicCopy();
  const language = useLanguage();
  return (
    <section id="wooden-carving" aria-labelledby="wooden-carving-title" className="scroll-mt-20 bg-amber-950 py-16 text-amber-50">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 md:grid-cols-2">
        <div>
          <h2 id="wooden-carving-title" className="text-3xl font-bold sm:text-4xl">
            {interior.carvingTitle}
          </h2>
          <p className="mt-4 text-lg text-amber-100">{interior.carvingText}</p>
          <ul className="mt-6 space-y-2">
            {interior.carvingPoints.map((point) => (
              <li key={point} className="flex gap-2">
                <span className="mt-2 h-2 w-2 shrink-0 rounded-full bg-orange-400" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
          <div className="mt-8">
            <ButtonLink to={localizedPath('/gallery?category=wooden-carving', language)} variant="light">
              {interior.customDesign}
            </ButtonLink>
          </div>
        </div>
        <svg viewBox="0 0 200 200" className="mx-auto w-full max-w-sm text-amber-300" aria-hidden="true">
          <g fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="100" cy="100" r="90" />
            <circle cx="100" cy="100" r="60" />
            {Array.from({ length: 12 }, (_, i) => (
              <ellipse key={i} cx="100" cy="55" rx="12" ry="30" transform={`rotate(${i * 30} 100 100)`} />
            ))}
            <circle cx="100" cy="100" r="14" />
          </g>
        </svg>
      </div>
    </section>
  );
}

function Solutions({ solutions }: { solutions: Solution[] }) {
  const { interior } = usePublicCopy();
  if (solutions.length === 0) return null;
  return (
    <section aria-labelledby="solutions" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id="solutions" title={interior.solutionsTitle} />
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {solutions.map((s) => (
          <li key={s._id} className="group relative overflow-hidden rounded-xl">
            <ResponsiveImage
              src={s.image}
              alt={s.imageAlt}
              lang={altLang(s, s.imageAlt, 'imageAlt')}
              focus={singleImageDetails(s)}
              sizes="(min-width: 768px) 33vw, 50vw"
              className="aspect-[4/3] w-full object-cover transition-transform duration-500 group-hover:scale-105"
            />
            <p
              className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-3 font-semibold text-white"
              lang={fieldLang(s, 'name')}
            >
              {s.name}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExperienceCentres({ centres }: { centres: ExperienceCentre[] }) {
  const { interior } = usePublicCopy();
  if (centres.length === 0) return null;
  return (
    <section aria-labelledby="experience" className="bg-gray-50 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="experience" title={interior.experienceTitle} />
        <ul className="grid gap-6 md:grid-cols-2">
          {centres.map((c) => (
            <li key={c._id} className="overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-gray-100">
              <ResponsiveImage
                src={c.image}
                alt={c.imageAlt || c.name}
                lang={altLang(c, c.imageAlt, 'imageAlt', 'name')}
                focus={singleImageDetails(c)}
                sizes="(min-width: 768px) 50vw, 100vw"
                className="aspect-[16/9] w-full object-cover"
              />
              <div className="p-6">
                <h3 className="text-xl font-bold text-gray-900" lang={fieldLang(c, 'name')}>
                  {c.name}
                </h3>
                {c.experience && (
                  <p className="mt-2 text-gray-700" lang={fieldLang(c, 'experience')}>
                    {c.experience}
                  </p>
                )}
                <p className="mt-3 flex gap-2 text-sm text-gray-800">
                  <MapPin className="h-4 w-4 shrink-0 text-brand-dark" aria-hidden="true" />
                  <span lang={fieldLang(c, 'address')}>{c.address}</span>
                </p>
                <p className="mt-1 flex gap-2 text-sm text-gray-800">
                  <Clock className="h-4 w-4 shrink-0 text-brand-dark" aria-hidden="true" />
                  <span>
                    <span className="sr-only">{interior.timing}: </span>
                    <span lang={fieldLang(c, 'timing')}>{c.timing}</span>
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function DesignProcess() {
  const { interior } = usePublicCopy();
  return (
    <section aria-labelledby="process" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id="process" title={interior.processTitle} />
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {interior.processSteps.map((step, i) => (
          <li key={step.title} className="rounded-xl bg-white p-6 text-center shadow-md ring-1 ring-gray-100">
            <span
              className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-dark text-lg font-bold text-white"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <h3 className="mt-4 font-bold text-gray-900">{step.title}</h3>
            <p className="mt-2 text-sm text-gray-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Portfolio({ items }: { items: PortfolioItem[] }) {
  const { interior } = usePublicCopy();
  const [selected, setSelected] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  if (items.length === 0) return null;
  const categories = [...new Set(items.map((item) => item.category))];
  const visible = expanded ? categories : categories.slice(0, MAX_CATEGORY_CHIPS);
  const hiddenCount = categories.length - visible.length;
  const shown = selected ? items.filter((item) => item.category === selected) : items;
  const chip = (active: boolean) =>
    `min-h-11 rounded-full px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${active ? 'bg-brand-dark text-white' : 'bg-gray-100 text-gray-900 hover:bg-orange-100'}`;
  return (
    <section aria-labelledby="portfolio" className="bg-gray-50 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="portfolio" title={interior.portfolioTitle} />
        <div
          className="mb-8 flex flex-wrap justify-center gap-2"
          role="group"
          aria-label={interior.portfolioTitle}
          data-testid="portfolio-chips"
        >
          {[null, ...visible].map((c) => (
            <button
              key={c ?? 'all'}
              type="button"
              aria-pressed={c === selected}
              onClick={() => setSelected(c)}
              className={chip(c === selected)}
              // a category is an item's text: English where that item has no Kannada
              lang={
                c === null
                  ? undefined
                  : fieldLang(
                      items.find((item) => item.category === c),
                      'category',
                    )
              }
            >
              {c ?? interior.portfolioAll}
            </button>
          ))}
          {hiddenCount > 0 && (
            <button type="button" onClick={() => setExpanded(true)} className={chip(false)}>
              {interior.moreChips(hiddenCount)}
            </button>
          )}
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((item) => (
            <li key={item._id} className="overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-gray-100" data-testid="portfolio-item">
              <ResponsiveImage
                src={item.image}
                alt={item.imageAlt || item.title}
                lang={altLang(item, item.imageAlt, 'imageAlt', 'title')}
                focus={singleImageDetails(item)}
                sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                className="aspect-[4/3] w-full object-cover"
              />
              <div className="p-5">
                <p className="text-xs font-semibold tracking-wide text-brand-dark uppercase" lang={fieldLang(item, 'category')}>
                  {item.category}
                </p>
                <h3 className="mt-1 text-lg font-bold text-gray-900" lang={fieldLang(item, 'title')}>
                  {item.title}
                </h3>
                {item.description && (
                  <p className="mt-2 text-sm text-gray-700" lang={fieldLang(item, 'description')}>
                    {item.description}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
