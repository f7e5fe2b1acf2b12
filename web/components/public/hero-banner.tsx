/** A page's first banner: the LCP image (eager, high priority), the title split in two halves with the second highlighted, and actions. */
import { useId, type ReactNode } from 'react';
import type { Banner } from '../../../shared/resources';
import { singleImageDetails } from '../../../shared/image-details';
import { altLang, fieldLang } from '../../../shared/translations';
import { ResponsiveImage } from '../ui/responsive-image';

/** "Homes Built Around the Way You Live" → ["Homes Built Around", "the Way You Live"] */
function splitTitle(title: string): [string, string] {
  const words = title.trim().split(/\s+/);
  const half = Math.ceil(words.length / 2);
  return [words.slice(0, half).join(' '), words.slice(half).join(' ')];
}

export function HeroBanner({ banner, children, headingLevel = 1 }: { banner: Banner; children?: ReactNode; headingLevel?: 1 | 2 }) {
  const [first, second] = splitTitle(banner.title);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = useId();
  return (
    // named by its heading, which says its language when the title fell back to English (an aria-label could not)
    <section className="relative isolate overflow-hidden bg-gray-900" aria-labelledby={headingId}>
      <ResponsiveImage
        src={banner.image}
        alt={banner.imageAlt}
        lang={altLang(banner, banner.imageAlt, 'imageAlt')}
        focus={singleImageDetails(banner)}
        sizes="100vw"
        priority
        className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
      />
      {/* keeps the white text readable over light parts of any photo */}
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-black/60 via-black/35 to-black/10" aria-hidden="true" />
      <div className="mx-auto flex min-h-[30rem] max-w-7xl flex-col justify-center px-4 py-20 sm:px-6 lg:min-h-[36rem]">
        <Heading
          id={headingId}
          className="max-w-3xl text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl"
          lang={fieldLang(banner, 'title')}
        >
          {first} {second && <span className="text-orange-400">{second}</span>}
        </Heading>
        {banner.description && (
          <p className="mt-5 max-w-2xl text-lg text-gray-100" lang={fieldLang(banner, 'description')}>
            {banner.description}
          </p>
        )}
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}
