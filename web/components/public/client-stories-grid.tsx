/** The 'Client Experiences' cards (3 columns), with the category badge colours of the spec. */
import { altLang, fieldLang } from '../../../shared/translations';
import { optionLabel } from '../../../shared/copy/public-copy';
import type { ClientStory } from '../../../shared/resources';
import { singleImageDetails } from '../../../shared/image-details';
import { ResponsiveImage } from '../ui/responsive-image';
import { SectionHeading } from './section-heading';
import { usePublicCopy } from './page-context';

const BADGE: Record<string, string> = {
  'Interior Design': 'bg-blue-100 text-blue-900',
  Renovation: 'bg-orange-100 text-orange-900',
  Architecture: 'bg-red-100 text-red-900',
  Commercial: 'bg-yellow-100 text-yellow-900',
  Residential: 'bg-indigo-100 text-indigo-900',
};

function badgeClass(category: string): string {
  return BADGE[category] ?? 'bg-gray-100 text-gray-900';
}

export function ClientStoriesGrid({ stories }: { stories: ClientStory[] }) {
  const { clientStories, options } = usePublicCopy();
  return (
    <section aria-labelledby="client-experiences" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id="client-experiences" title={clientStories.experiencesTitle} />
      <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {stories.map((story) => {
          const category = optionLabel(options.clientCategory, story.category);
          return (
            <li key={story._id} className="flex flex-col overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-gray-100">
              <ResponsiveImage
                src={story.image}
                alt={story.imageAlt || story.name}
                lang={altLang(story, story.imageAlt, 'imageAlt', 'name')}
                focus={singleImageDetails(story)}
                sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                className="aspect-[4/3] w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <span
                  className={`w-fit rounded-full px-3 py-1 text-xs font-semibold ${badgeClass(story.category)}`}
                  data-testid="story-badge"
                  lang={category.lang}
                >
                  {category.text}
                </span>
                <h3 className="mt-3 text-lg font-bold text-gray-900" lang={fieldLang(story, 'title')}>
                  {story.title}
                </h3>
                <p className="mt-2 flex-1 text-gray-700" lang={fieldLang(story, 'description')}>
                  {story.description}
                </p>
                <p className="mt-4 font-semibold text-gray-900" lang={fieldLang(story, 'name')}>
                  {story.name}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
