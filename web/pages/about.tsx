/** About Us: banner carousel, leader profile, team, our story, community impact, dual expertise and advantages. */
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { ROTATION_MS } from '../../shared/public-behaviour';
import { altLang, fieldLang } from '../../shared/translations';
import { usePublicCopy } from '../components/public/page-context';
import type { AboutContent } from '../../shared/about-content';
import type { Banner, CommunityEntry, TeamMember } from '../../shared/resources';
import { imageEntries, singleImageDetails } from '../../shared/image-details';
import { SectionHeading } from '../components/public/section-heading';
import { EmptyState, ErrorState } from '../components/public/section-state';
import { ResponsiveImage } from '../components/ui/responsive-image';
import { useAutoRotation } from '../components/ui/use-auto-rotation';
import { useRotatingIndex } from '../components/ui/use-rotating-index';
import { useSwipe } from '../components/ui/use-swipe';
import { withValue } from '../components/public/with-value';
import { definePublicPage, type PagePropsOf } from '../lib/public-page-definition';

export const page = definePublicPage({
  path: '/about',
  order: 20,
  label: ['nav', 'about'],
  menus: ['header', 'footer'],
  loadingText: ['states', 'aboutBannersLoading'],
  sitemap: { resources: ['bannerAbout', 'team-members', 'communityAbout'], about: true },
  async load({ load, aboutContent }) {
    const [banners, team, community, content] = await Promise.all([
      load('bannerAbout'),
      load('team-members'),
      load('communityAbout'),
      aboutContent(),
    ]);
    // the spec: community text uses the first entry and only its first three images
    const first = community.ok ? community.data[0] : undefined;
    const communityEntry = first ? { ...first, images: first.images.slice(0, 3) } : null;
    return { banners, team, community: communityEntry, content: content.ok ? content.data : null };
  },
  meta: ({ data, copy }) => ({
    title: copy.about.title,
    description: copy.about.metaDescription,
    image: data?.banners.ok ? data.banners.data[0]?.image : undefined,
  }),
});

export default function AboutPage(loaderData: PagePropsOf<typeof page>) {
  const { banners, team, community, content } = loaderData;
  const { about, states } = usePublicCopy();
  return (
    <>
      <h1 className="sr-only">{about.title}</h1>
      {!banners.ok ? (
        <ErrorState text={states.aboutBannersError(states.failureDetail)} />
      ) : banners.data.length === 0 ? (
        <EmptyState text={states.aboutBannersEmpty} />
      ) : (
        <AboutHero banners={banners.data} content={content} />
      )}
      {content && (
        <LeaderProfile content={content} leader={leaderOf(team)} fallbackImage={banners.ok ? banners.data[0]?.image : undefined} />
      )}
      <TeamSection team={team} />
      {content && <OurStory content={content} />}
      {community && <CommunityImpact entry={community} />}
      <DualExpertise />
      <Advantages />
    </>
  );
}

function AboutHero({ banners, content }: { banners: Banner[]; content: AboutContent | null }) {
  const { about } = usePublicCopy();
  const linkText = content?.hero.buttonText;
  const rotation = useAutoRotation();
  const { index, go, next, previous } = useRotatingIndex(banners.length, ROTATION_MS, !rotation.rotating);
  const multiple = banners.length > 1;
  // swiping left brings the next banner, as on a phone's photo viewer
  const swipe = useSwipe(next, previous);
  return (
    <section
      aria-roledescription="carousel"
      aria-label={about.title}
      className="relative isolate h-[32rem] touch-pan-y overflow-hidden bg-gray-900 lg:h-[38rem]"
      {...(multiple ? { ...rotation.containerProps, ...swipe } : {})}
    >
      {/* the rotation control comes first (WAI-ARIA carousel pattern); drawn beside the dots */}
      {multiple && (
        <button
          type="button"
          onClick={rotation.toggle}
          aria-label={rotation.playing ? about.pauseRotation : about.playRotation}
          data-testid="rotation-control"
          className="absolute bottom-4 left-2 z-10 flex h-11 w-11 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60 focus-visible:outline-2 focus-visible:outline-white sm:left-4"
        >
          {rotation.playing ? <Pause className="h-5 w-5" aria-hidden="true" /> : <Play className="h-5 w-5" aria-hidden="true" />}
        </button>
      )}
      {/* a slide that changes by itself is not announced; one the visitor turns to is */}
      <div aria-live={rotation.rotating ? 'off' : 'polite'}>
        {banners.map((banner, i) => (
          <div
            key={banner._id}
            aria-hidden={i !== index}
            data-active={i === index}
            className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${i === index ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
          >
            <ResponsiveImage
              src={banner.image}
              alt={banner.imageAlt}
              lang={altLang(banner, banner.imageAlt, 'imageAlt')}
              focus={singleImageDetails(banner)}
              sizes="100vw"
              priority={i === 0}
              className="absolute inset-0 -z-10 h-full w-full object-cover opacity-55"
            />
            <div className="mx-auto flex h-full max-w-7xl flex-col justify-center px-14 sm:px-20">
              <p className="max-w-3xl text-4xl font-extrabold tracking-tight text-white sm:text-5xl" lang={fieldLang(banner, 'title')}>
                {banner.title}
              </p>
              {banner.description && (
                <p className="mt-4 max-w-2xl text-lg text-gray-100" lang={fieldLang(banner, 'description')}>
                  {banner.description}
                </p>
              )}
              <a
                href="#our-story"
                tabIndex={i === index ? undefined : -1}
                className="mt-8 inline-flex min-h-11 w-fit items-center rounded-full bg-brand-dark px-6 py-2.5 text-sm font-semibold text-white hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                lang={linkText ? fieldLang(content, 'hero.buttonText') : undefined}
              >
                {linkText || about.exploreStory}
              </a>
            </div>
          </div>
        ))}
      </div>
      {multiple && (
        <>
          <button
            type="button"
            onClick={previous}
            aria-label={about.previous}
            className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-black/40 p-2 text-white hover:bg-black/60 focus-visible:outline-2 focus-visible:outline-white sm:left-4"
          >
            <ChevronLeft className="h-6 w-6" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={next}
            aria-label={about.next}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-black/40 p-2 text-white hover:bg-black/60 focus-visible:outline-2 focus-visible:outline-white sm:right-4"
          >
            <ChevronRight className="h-6 w-6" aria-hidden="true" />
          </button>
          <div className="absolute inset-x-0 bottom-4 flex justify-center gap-1">
            {banners.map((banner, i) => (
              <button
                key={banner._id}
                type="button"
                onClick={() => go(i)}
                aria-label={about.goTo(i + 1)}
                aria-current={i === index}
                className="flex h-8 w-8 items-center justify-center focus-visible:outline-2 focus-visible:outline-white"
              >
                <span
                  className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${i === index ? 'w-6 bg-white' : 'w-2.5 bg-white/60'}`}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** The leader is the team member in the Leadership role, else the longest-serving (listed last). */
function leaderOf(team: { ok: true; data: TeamMember[] } | { ok: false; message: string }): TeamMember | undefined {
  if (!team.ok) return undefined;
  return team.data.find((m) => m.role === 'Leadership') ?? team.data[team.data.length - 1];
}

function LeaderProfile({ content, leader, fallbackImage }: { content: AboutContent; leader?: TeamMember; fallbackImage?: string }) {
  const { about } = usePublicCopy();
  return (
    <section aria-labelledby="leader-profile" className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
      <ResponsiveImage
        src={content.hero.image || leader?.image || fallbackImage}
        alt={content.hero.image ? content.hero.imageAlt : leader ? leader.imageAlt || leader.name : ''}
        lang={content.hero.image ? fieldLang(content, 'hero.imageAlt') : altLang(leader, leader?.imageAlt, 'imageAlt', 'name')}
        focus={leader && !content.hero.image ? singleImageDetails(leader) : undefined}
        sizes="(min-width: 768px) 50vw, 100vw"
        className="aspect-[4/3] w-full rounded-2xl object-cover shadow-lg"
      />
      <div>
        <p className="text-sm font-semibold tracking-widest text-brand-dark uppercase">{about.leaderTitle}</p>
        <h2 id="leader-profile" className="mt-2 text-3xl font-bold text-gray-900 sm:text-4xl" lang={fieldLang(content, 'hero.title')}>
          {content.hero.title}
        </h2>
        <p className="mt-4 text-lg text-gray-700" lang={fieldLang(content, 'hero.subtitle')}>
          {content.hero.subtitle}
        </p>
        {leader && (
          <p className="mt-6 border-l-4 border-brand pl-4">
            <span className="block font-bold text-gray-900" lang={fieldLang(leader, 'name')}>
              {leader.name}
            </span>
            <span className="text-gray-700" lang={fieldLang(leader, 'title')}>
              {leader.title}
            </span>
          </p>
        )}
      </div>
    </section>
  );
}

function TeamSection({ team }: { team: { ok: true; data: TeamMember[] } | { ok: false; message: string } }) {
  const { about, states } = usePublicCopy();
  const members = team.ok ? team.data : [];
  // one member is centred; otherwise 1, 2 or 3 columns by width
  const grid = members.length === 1 ? 'mx-auto max-w-sm' : 'grid gap-8 sm:grid-cols-2 lg:grid-cols-3';
  return (
    <section aria-labelledby="team" className="bg-gray-50 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="team" title={about.teamTitle} subtitle={about.teamSubtitle} />
        {members.length === 0 ? (
          <EmptyState title={states.teamEmptyTitle} text={states.teamEmptyText} />
        ) : (
          <ul className={grid}>
            {members.map((member) => (
              <li
                key={member._id}
                className="overflow-hidden rounded-xl bg-white text-center shadow-md ring-1 ring-gray-100"
                data-testid="team-member"
              >
                <ResponsiveImage
                  src={member.image}
                  alt={member.imageAlt || member.name}
                  lang={altLang(member, member.imageAlt, 'imageAlt', 'name')}
                  focus={singleImageDetails(member)}
                  sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                  className="aspect-square w-full object-cover"
                />
                <div className="p-6">
                  <h3 className="text-lg font-bold text-gray-900" lang={fieldLang(member, 'name')}>
                    {member.name}
                  </h3>
                  <p className="font-medium text-brand-dark" lang={fieldLang(member, 'title')}>
                    {member.title}
                  </p>
                  {member.role && (
                    <p className="text-sm text-gray-700" lang={fieldLang(member, 'role')}>
                      {member.role}
                    </p>
                  )}
                  {member.description && (
                    <p className="mt-3 text-gray-700" lang={fieldLang(member, 'description')}>
                      {member.description}
                    </p>
                  )}
                  <div className="mt-3 flex justify-center gap-4 text-sm">
                    {member.linkedin && (
                      <a href={member.linkedin} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-800 underline">
                        {withValue(about.linkedin, <span lang={fieldLang(member, 'name')}>{member.name}</span>)}
                      </a>
                    )}
                    {member.twitter && (
                      <a href={member.twitter} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-800 underline">
                        {withValue(about.twitter, <span lang={fieldLang(member, 'name')}>{member.name}</span>)}
                      </a>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function OurStory({ content }: { content: AboutContent }) {
  return (
    <section id="our-story" aria-labelledby="our-story-title" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6">
      <div className="grid gap-10 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h2 id="our-story-title" className="text-3xl font-bold text-gray-900 sm:text-4xl" lang={fieldLang(content, 'main.title')}>
            {content.main.title}
          </h2>
          <p className="mt-2 text-lg font-medium text-brand-dark" lang={fieldLang(content, 'main.subtitle')}>
            {content.main.subtitle}
          </p>
          <p className="mt-4 leading-relaxed whitespace-pre-line text-gray-700" lang={fieldLang(content, 'main.description')}>
            {content.main.description}
          </p>
        </div>
        <div className="flex flex-col justify-center rounded-2xl bg-brand-dark p-8 text-white">
          <p className="text-5xl font-extrabold" lang={fieldLang(content, 'years.number')}>
            {content.years.number}
          </p>
          <p className="mt-2" lang={fieldLang(content, 'years.description')}>
            {content.years.description}
          </p>
        </div>
      </div>
      {content.cards.length > 0 && (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {content.cards.map((card) => (
            <li key={card.id} className="rounded-xl bg-white p-6 shadow-md ring-1 ring-gray-100">
              <h3 className="font-bold text-gray-900" lang={fieldLang(content, `cards.${card.id}.title`)}>
                {card.title}
              </h3>
              <p className="mt-2 text-gray-700" lang={fieldLang(content, `cards.${card.id}.description`)}>
                {card.description}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CommunityImpact({ entry }: { entry: CommunityEntry }) {
  const { about } = usePublicCopy();
  return (
    <section id="community-impact" aria-labelledby="community-title" className="scroll-mt-20 bg-orange-50/50 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <p className="text-center text-sm font-semibold tracking-widest text-brand-dark uppercase">{about.communityTitle}</p>
        <SectionHeading
          id="community-title"
          title={entry.title}
          subtitle={entry.description}
          titleLang={fieldLang(entry, 'title')}
          subtitleLang={fieldLang(entry, 'description')}
        />
        <ul className="grid gap-4 sm:grid-cols-3">
          {entry.images.map((image, i) => (
            <li key={image}>
              <ResponsiveImage
                src={image}
                alt={imageEntries(entry)[i]?.alt || `${entry.title} ${i + 1}`}
                lang={altLang(entry, imageEntries(entry)[i]?.alt, `imageDetails.${i}.alt`, 'title')}
                focus={imageEntries(entry)[i]}
                sizes="(min-width: 640px) 33vw, 100vw"
                className="aspect-[4/3] w-full rounded-xl object-cover"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function DualExpertise() {
  const { about } = usePublicCopy();
  return (
    <section aria-labelledby="dual-expertise" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id="dual-expertise" title={about.dualTitle} subtitle={about.dualIntro} />
      <div className="grid gap-6 md:grid-cols-2">
        {about.dualBlocks.map((block) => (
          <div key={block.title} className="rounded-2xl border-l-4 border-brand bg-white p-8 shadow-md ring-1 ring-gray-100">
            <h3 className="text-xl font-bold text-gray-900">{block.title}</h3>
            <p className="mt-2 text-gray-700">{block.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

function Advantages() {
  const { about } = usePublicCopy();
  return (
    <section aria-labelledby="advantages" className="bg-gray-900 py-16 text-white">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="advantages" className="text-center text-3xl font-bold sm:text-4xl">
          {about.advantagesTitle}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {about.advantages.map((item) => (
            <li key={item.title} className="rounded-2xl bg-white/5 p-8 ring-1 ring-white/10">
              <h3 className="text-2xl font-bold text-orange-400">{item.title}</h3>
              <p className="mt-2 text-gray-200">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
