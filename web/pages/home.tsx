/** Home: hero (first banner), about tiles, property showcase, top projects, client stories; each section loads on its own. */
import { Building2, Search, ShieldCheck, Sofa } from 'lucide-react';
import { useEffect } from 'react';
import type { Property, TopProject } from '../../shared/resources';
import { singleImageDetails } from '../../shared/image-details';
import { altLang, fieldLang } from '../../shared/translations';
import { localizedPath } from '../../shared/languages';
import { ButtonLink } from '../components/public/button-link';
import { useLanguage, usePublicCopy } from '../components/public/page-context';
import { withValue } from '../components/public/with-value';
import { ClientStoriesView } from '../components/public/client-stories-view';
import { HeroBanner } from '../components/public/hero-banner';
import { SectionHeading } from '../components/public/section-heading';
import { EmptyState, ErrorState } from '../components/public/section-state';
import { ResponsiveImage } from '../components/ui/responsive-image';
import { definePublicPage, type PagePropsOf } from '../lib/public-page-definition';

export const page = definePublicPage({
  path: '/',
  order: 10,
  label: ['nav', 'home'],
  menus: ['header', 'footer'],
  loadingText: ['states', 'homeBannerLoading'],
  sitemap: { resources: ['banners', 'property', 'topprojects', 'clients'] },
  async load({ load }) {
    const [banners, properties, topProjects, clients] = await Promise.all([
      load('banners'),
      load('property'),
      load('topprojects'),
      load('clients'),
    ]);
    // only the first banner is shown; send no more than that
    const banner = banners.ok ? { ok: true as const, data: banners.data[0] ?? null } : banners;
    return { banner, properties, topProjects, clients };
  },
  // the home page carries the settings' default title and description
  meta: ({ data }) => ({ title: null, image: data?.banner.ok ? data.banner.data?.image : undefined }),
});

const FEATURE_ICONS = [Building2, Sofa, Search, ShieldCheck];

export default function HomePage(loaderData: PagePropsOf<typeof page>) {
  const { banner, properties, topProjects, clients } = loaderData;
  const { home, states } = usePublicCopy();
  const language = useLanguage();
  // the spec: Home scrolls to the top on load
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <>
      {!banner.ok ? (
        <>
          <h1 className="sr-only">{home.title}</h1>
          <ErrorState text={states.homeBannerError(states.failureDetail)} />
        </>
      ) : banner.data ? (
        <HeroBanner banner={banner.data}>
          {home.exploreButtons.map((button, i) => (
            <ButtonLink
              key={button.category}
              to={localizedPath(`/gallery?category=${button.category}`, language)}
              variant={i === 0 ? 'primary' : 'outline'}
            >
              {button.label}
            </ButtonLink>
          ))}
        </HeroBanner>
      ) : (
        <h1 className="sr-only">{home.title}</h1>
      )}

      <section aria-labelledby="home-about" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="home-about" title={home.aboutTitle} subtitle={home.aboutText} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {home.features.map((feature, i) => {
            const Icon = FEATURE_ICONS[i];
            return (
              <li key={feature.title} className="rounded-xl bg-white p-6 shadow-md ring-1 ring-gray-100">
                <Icon className="h-10 w-10 rounded-lg bg-orange-100 p-2 text-brand-dark" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-bold text-gray-900">{feature.title}</h3>
                <p className="mt-2 text-gray-700">{feature.text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      {properties.ok && properties.data.length > 0 && <PropertyShowcase properties={properties.data} />}

      <section aria-labelledby="top-projects" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="top-projects" title={home.topProjectsTitle} subtitle={home.topProjectsSubtitle} />
        {!topProjects.ok ? (
          <ErrorState text={states.topProjectsError(states.failureDetail)} />
        ) : topProjects.data.length === 0 ? (
          <EmptyState text={states.topProjectsEmpty} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {topProjects.data.map((project) => (
              <TopProjectCard key={project._id} project={project} />
            ))}
          </ul>
        )}
      </section>

      <ClientStoriesView section={clients} headingLevel={2} />
    </>
  );
}

function PropertyShowcase({ properties }: { properties: Property[] }) {
  const { home } = usePublicCopy();
  return (
    <section aria-labelledby="property-showcase" className="bg-gray-50 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="property-showcase" title={home.showcaseTitle} subtitle={home.showcaseSubtitle} />
        <ul className="grid auto-rows-[12rem] grid-cols-2 gap-4 md:grid-cols-4">
          {properties.map((property, i) => (
            <li
              key={property._id}
              className={`group relative overflow-hidden rounded-xl ${i === 0 ? 'col-span-2 row-span-2' : ''}`}
              data-testid="property-item"
            >
              <ResponsiveImage
                src={property.image}
                alt={property.imageAlt || property.title}
                lang={altLang(property, property.imageAlt, 'imageAlt', 'title')}
                focus={singleImageDetails(property)}
                sizes={i === 0 ? '(min-width: 768px) 50vw, 100vw' : '(min-width: 768px) 25vw, 50vw'}
                className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
              <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4 text-white">
                <p className="text-sm font-bold">{home.propertyLabel(i + 1)}</p>
                <p className="text-xs text-orange-200">{home.luxuryCollection}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function TopProjectCard({ project }: { project: TopProject }) {
  const { home } = usePublicCopy();
  const language = useLanguage();
  const developer = project.developer || home.defaultDeveloper;
  // the developer's name as stored, inside the page's words
  const developerName = project.developer ? <span lang={fieldLang(project, 'developer')}>{developer}</span> : developer;
  return (
    <li className="relative flex flex-col overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-gray-100" data-testid="top-project">
      <a
        href={localizedPath('/gallery', language)}
        aria-label={home.viewInGallery(project.name)}
        className="block focus-visible:outline-2 focus-visible:outline-brand"
      >
        <ResponsiveImage
          src={project.image}
          alt={project.imageAlt || project.name}
          lang={altLang(project, project.imageAlt, 'imageAlt', 'name')}
          focus={singleImageDetails(project)}
          sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
          className="aspect-[4/3] w-full object-cover"
        />
      </a>
      {project.offer && (
        <span className="absolute top-3 left-3 rounded-full bg-brand-dark px-3 py-1 text-xs font-bold text-white">{home.offerBadge}</span>
      )}
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold text-gray-900" lang={fieldLang(project, 'name')}>
          {project.name}
        </h3>
        <p className="text-sm text-gray-700">{withValue(home.by, developerName)}</p>
        <p className="mt-2 text-sm text-gray-800" lang={fieldLang(project, 'location')}>
          {project.location}
        </p>
        <p className="mt-2 text-xs text-gray-700">{withValue(home.marketedBy, developerName)}</p>
        {project.offer && (
          <p className="mt-3 rounded-md bg-orange-50 p-2 text-sm font-medium text-orange-900" lang={fieldLang(project, 'offer')}>
            {project.offer}
          </p>
        )}
      </div>
    </li>
  );
}
