/** Project cards and the detail modal, shared by the Projects and Interior projects pages. */
import { Calendar, ChevronLeft, ChevronRight, MapPin } from 'lucide-react';
import { MAX_CATEGORY_CHIPS, MAX_PROJECT_DOTS } from '../../../shared/public-behaviour';
import { optionLabel, type PublicCopy } from '../../../shared/copy/public-copy';
import { formatDay, groupCounts } from '../../../shared/format';
import { localizedPath, type Language } from '../../../shared/languages';
import { altLang, fieldLang } from '../../../shared/translations';
import { useLanguage, usePublicCopy } from './page-context';
import type { Project } from '../../../shared/resources';
import { imageEntries } from '../../../shared/image-details';
import { Modal } from '../ui/modal';
import { ResponsiveImage } from '../ui/responsive-image';
import { useRotatingIndex } from '../ui/use-rotating-index';
import { buttonClass } from './button-link';
import { ReachButtons } from './reach-buttons';
import { projectEnquiryHref } from '../../../shared/project-enquiry-path';
import { useId } from 'react';

/** Call-to-action text by status: each page passes its own pair. */
export interface ProjectCta {
  completed: string;
  other: string;
}

const ctaFor = (project: Project, cta: ProjectCta) => (project.status === 'Completed' ? cta.completed : cta.other);

const STATUS_BADGE: Record<string, string> = {
  Upcoming: 'bg-blue-100 text-blue-900',
  Ongoing: 'bg-amber-100 text-amber-900',
  Completed: 'bg-green-100 text-green-900',
};

/** A fact of a project: its label, its value, and `lang` when the value is content left in English. */
interface Fact {
  label: string;
  value: string;
  lang?: 'en';
}

/** The date line by status: launch date; expected completion and percent; completion date and satisfaction. */
function projectDates(project: Project, copy: PublicCopy['projects'], language: Language): Fact[] {
  if (project.status === 'Upcoming') return [{ label: copy.launchDate, value: formatDay(project.launchDate, language) }];
  if (project.status === 'Ongoing')
    return [
      { label: copy.expectedCompletion, value: formatDay(project.expectedCompletion, language) },
      { label: copy.completion, value: project.completion, lang: fieldLang(project, 'completion') },
    ].filter((d) => d.value);
  return [
    { label: copy.completionDate, value: formatDay(project.completionDate, language) },
    { label: copy.clientSatisfaction, value: project.clientSatisfaction, lang: fieldLang(project, 'clientSatisfaction') },
  ].filter((d) => d.value);
}

/** The status and category badges' words in the page's language (the stored values are English). */
function useChoiceLabels(project: Project) {
  const { options } = usePublicCopy();
  return { status: optionLabel(options.projectStatus, project.status), category: optionLabel(options.projectCategory, project.category) };
}

/** Up to 3 category chips, then '+N more' (interior projects). */
function CategoryChips({ categories, lang }: { categories: string[]; lang: 'en' | undefined }) {
  const { interior } = usePublicCopy();
  const extra = categories.length - MAX_CATEGORY_CHIPS;
  return (
    <ul className="mt-3 flex flex-wrap gap-1.5" data-testid="category-chips">
      {categories.slice(0, MAX_CATEGORY_CHIPS).map((c) => (
        <li key={c} className="rounded-full bg-orange-50 px-2.5 py-0.5 text-xs font-medium text-orange-900" lang={lang}>
          {c}
        </li>
      ))}
      {extra > 0 && (
        <li className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-800">{interior.moreChips(extra)}</li>
      )}
    </ul>
  );
}

/**
 * One card, one button: the details button stretches over the whole card (its ::after covers the <li>), so a click on the
 * picture or the title opens the details while assistive technology meets a single control per card.
 */
export function ProjectCard({
  project,
  cta,
  onOpen,
  chips = false,
  priority = false,
}: {
  project: Project;
  /** The call to action's words: a link to the project form (issue 26), which works without JavaScript too. */
  cta: ProjectCta;
  onOpen: () => void;
  chips?: boolean;
  /** the first card: the page's LCP image */
  priority?: boolean;
}) {
  const copy = usePublicCopy().projects;
  const language = useLanguage();
  const choices = useChoiceLabels(project);
  const extra = project.images.length - MAX_PROJECT_DOTS;
  const titleId = useId();
  return (
    <li
      className="relative flex flex-col overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-gray-100 transition-shadow hover:shadow-xl has-[button:focus-visible]:ring-2 has-[button:focus-visible]:ring-brand-dark"
      data-testid="project-card"
    >
      <div className="relative">
        <ResponsiveImage
          src={project.images[0]}
          alt={imageEntries(project)[0]?.alt || project.title}
          lang={altLang(project, imageEntries(project)[0]?.alt, 'imageDetails.0.alt', 'title')}
          focus={imageEntries(project)[0]}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="aspect-[4/3] w-full object-cover"
        />
        <span
          className={`absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-bold ${STATUS_BADGE[project.status] ?? 'bg-gray-100 text-gray-900'}`}
          lang={choices.status.lang}
        >
          {choices.status.text}
        </span>
        <span
          className="absolute top-3 right-3 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-gray-900"
          lang={choices.category.lang}
        >
          {choices.category.text}
        </span>
        {project.images.length > 1 && (
          <span
            className="absolute inset-x-0 bottom-2 flex items-center justify-center gap-1.5"
            data-testid="image-dots"
            aria-hidden="true"
          >
            {project.images.slice(0, MAX_PROJECT_DOTS).map((image, i) => (
              <span key={image} className={`h-2 w-2 rounded-full ${i === 0 ? 'bg-white' : 'bg-white/60'}`} />
            ))}
            {extra > 0 && <span className="rounded-full bg-black/60 px-1.5 text-xs font-semibold text-white">{copy.moreDots(extra)}</span>}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h2 id={titleId} className="text-lg font-bold text-gray-900" lang={fieldLang(project, 'title')}>
          {project.title}
        </h2>
        <p className="mt-1 flex items-center gap-1 text-sm text-gray-700">
          <MapPin className="h-4 w-4 text-brand-dark" aria-hidden="true" />
          <span lang={fieldLang(project, 'location')}>{project.location}</span>
        </p>
        <dl className="mt-3 space-y-1 text-sm">
          {projectDates(project, copy, language).map((d) => (
            <div key={d.label} className="flex gap-2">
              <dt className="flex items-center gap-1 text-gray-700">
                <Calendar className="h-4 w-4" aria-hidden="true" />
                {d.label}:
              </dt>
              <dd className="font-medium text-gray-900" lang={d.lang}>
                {d.value}
              </dd>
            </div>
          ))}
        </dl>
        {chips && project.categories.length > 0 && (
          <CategoryChips categories={project.categories} lang={fieldLang(project, 'categories')} />
        )}
        <p className="mt-3 line-clamp-3 flex-1 text-sm text-gray-700" lang={fieldLang(project, 'description')}>
          {project.description}
        </p>
        {/* named by its visible text (WCAG 2.5.3, for voice control); the title describes it */}
        <button
          type="button"
          onClick={onOpen}
          aria-describedby={titleId}
          className={`${buttonClass('primary')} mt-4 w-full cursor-pointer after:absolute after:inset-0`}
        >
          {copy.viewDetails}
        </button>
        {/* without JavaScript the details cannot open: the call to action itself, above the button's cover (one control per card otherwise) */}
        <noscript>
          <a
            href={localizedPath(projectEnquiryHref(project._id), language)}
            className="relative z-10 mt-3 block min-h-11 px-2 py-2.5 text-center text-sm font-semibold text-brand-dark underline underline-offset-4"
          >
            {ctaFor(project, cta)}
          </a>
        </noscript>
      </div>
    </li>
  );
}

export function ProjectModal({ project, cta, onClose }: { project: Project; cta: ProjectCta; onClose: () => void }) {
  const { index, go, next, previous } = useRotatingIndex(project.images.length);
  const copy = usePublicCopy().projects;
  const language = useLanguage();
  const choices = useChoiceLabels(project);
  const facts: Fact[] = [
    { label: copy.location, value: project.location, lang: fieldLang(project, 'location') },
    { label: copy.developer, value: project.developer, lang: fieldLang(project, 'developer') },
    { label: copy.scope, value: project.units ? groupCounts(copy.units(project.units)) : '' },
    { label: copy.designStyle, value: project.designStyle, lang: fieldLang(project, 'designStyle') },
    { label: copy.area, value: project.area, lang: fieldLang(project, 'area') },
    ...projectDates(project, copy, language),
  ].filter((f) => f.value);
  return (
    <Modal title={project.title} onClose={onClose} closeLabel={copy.close}>
      <div className="relative bg-gray-900" aria-roledescription="carousel" aria-label={project.title}>
        <ResponsiveImage
          key={project.images[index]}
          src={project.images[index]}
          alt={imageEntries(project)[index]?.alt || copy.imageOf(index + 1, project.images.length)}
          lang={altLang(project, imageEntries(project)[index]?.alt, `imageDetails.${index}.alt`)}
          focus={imageEntries(project)[index]}
          sizes="(min-width: 896px) 896px, 100vw"
          className="aspect-[16/9] w-full object-cover"
        />
        {project.images.length > 1 && (
          <>
            <button
              type="button"
              onClick={previous}
              aria-label={copy.previousImage}
              className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-black/50 p-2 text-white hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-white"
            >
              <ChevronLeft aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={next}
              aria-label={copy.nextImage}
              className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-black/50 p-2 text-white hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-white"
            >
              <ChevronRight aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      {project.images.length > 1 && (
        <div className="flex gap-2 overflow-x-auto p-3" role="group" aria-label={copy.imageOf(index + 1, project.images.length)}>
          {project.images.map((image, i) => (
            <button
              key={image}
              type="button"
              onClick={() => go(i)}
              aria-label={copy.showImage(i + 1)}
              aria-current={i === index}
              className={`w-20 shrink-0 overflow-hidden rounded-md ring-2 focus-visible:outline-2 focus-visible:outline-brand-dark ${i === index ? 'ring-brand' : 'ring-transparent'}`}
            >
              <ResponsiveImage
                src={image}
                alt=""
                sizes="80px"
                className="aspect-[4/3] w-full object-cover"
                focus={imageEntries(project)[i]}
              />
            </button>
          ))}
        </div>
      )}
      <div className="p-6">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-3 py-1 text-xs font-bold ${STATUS_BADGE[project.status] ?? ''}`} lang={choices.status.lang}>
            {choices.status.text}
          </span>
          <span className="rounded-full bg-gray-100 px-3 py-1 text-xs font-semibold text-gray-900" lang={choices.category.lang}>
            {choices.category.text}
          </span>
        </div>
        <h2 className="mt-3 text-2xl font-bold text-gray-900" lang={fieldLang(project, 'title')}>
          {project.title}
        </h2>
        <p className="mt-3 text-gray-700" lang={fieldLang(project, 'description')}>
          {project.description}
        </p>
        <dl className="mt-5 grid gap-3 sm:grid-cols-2">
          {facts.map((f) => (
            <div key={f.label} className="rounded-lg bg-gray-50 p-3">
              <dt className="text-xs font-semibold text-gray-700 uppercase">{f.label}</dt>
              <dd className="font-medium text-gray-900" lang={f.lang}>
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
        {project.categories.length > 0 && (
          <div className="mt-5">
            <h3 className="text-sm font-semibold text-gray-900">{copy.categories}</h3>
            <ul className="mt-2 flex flex-wrap gap-2" lang={fieldLang(project, 'categories')}>
              {project.categories.map((c) => (
                <li key={c} className="rounded-full bg-orange-50 px-3 py-1 text-sm text-orange-900">
                  {c}
                </li>
              ))}
            </ul>
          </div>
        )}
        {project.awards.length > 0 && (
          <div className="mt-5">
            <h3 className="text-sm font-semibold text-gray-900">{copy.awards}</h3>
            <ul className="mt-2 list-disc pl-5 text-sm text-gray-700" lang={fieldLang(project, 'awards')}>
              {project.awards.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </div>
        )}
        <a href={localizedPath(projectEnquiryHref(project._id), language)} className={`${buttonClass('primary')} mt-6 w-full sm:w-auto`}>
          {ctaFor(project, cta)}
        </a>
        <ReachButtons subject={project.title} className="mt-4" />
      </div>
    </Modal>
  );
}
