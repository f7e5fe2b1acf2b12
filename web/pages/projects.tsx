/** Projects: category and status filters bound to ?category= and ?status=, a mobile drawer, the count line, cards and the detail modal. */
import { SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { optionLabel } from '../../shared/copy/public-copy';
import { groupCounts } from '../../shared/format';
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from '../../shared/resource-options';
import type { Project } from '../../shared/resources';
import { usePublicCopy, useSearchParams } from '../components/public/page-context';
import { ProjectCard, ProjectModal, type ProjectCta } from '../components/public/project-details';
import { SectionHeading } from '../components/public/section-heading';
import { EmptyState, ErrorState } from '../components/public/section-state';
import { definePublicPage } from '../lib/public-page-definition';
import type { Section } from '../lib/section';

/** The option whose lowercase name equals the query value, matched case-insensitively. */
function fromQuery<T extends string>(options: readonly T[], value: string | null): T | null {
  const wanted = (value ?? '').toLowerCase();
  return options.find((o) => o.toLowerCase() === wanted) ?? null;
}

export interface ProjectsPageProps {
  projects: Section<Project[]>;
}

export const page = definePublicPage<ProjectsPageProps>({
  path: '/project/exterior',
  order: 50,
  label: ['nav', 'projects'],
  menus: ['header', 'footer'],
  loadingText: ['states', 'projectsLoading'],
  sitemap: { resources: ['project'] },
  load: async ({ load }) => ({ projects: await load('project') }),
  meta: ({ data, copy }) => ({ title: copy.projects.title, description: copy.projects.metaDescription, projects: data?.projects }),
});

export default function ProjectsPage({ projects }: ProjectsPageProps) {
  const { projects: copy, states, options } = usePublicCopy();
  const CTA: ProjectCta = { completed: copy.ctaCompleted, other: copy.ctaOther };
  const [searchParams, setSearchParams] = useSearchParams();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const category = fromQuery(PROJECT_CATEGORIES, searchParams.get('category'));
  const status = fromQuery(PROJECT_STATUSES, searchParams.get('status'));
  const all = projects.ok ? projects.data : [];
  const shown = all.filter((p) => (!category || p.category === category) && (!status || p.status === status));
  const openProject = all.find((p) => p._id === openId) ?? null;

  // the query always holds lowercase values, whatever case arrived
  const setFilter = (name: 'category' | 'status', value: string | null) => {
    const wanted = { category, status, [name]: value };
    const next = new URLSearchParams();
    if (wanted.category) next.set('category', wanted.category.toLowerCase());
    if (wanted.status) next.set('status', wanted.status.toLowerCase());
    setSearchParams(next);
  };
  const clearAll = () => setSearchParams({});

  const filterGroups = (
    <>
      <FilterGroup
        label={copy.categoryLabel}
        allLabel={copy.allCategories}
        options={PROJECT_CATEGORIES}
        words={options.projectCategory}
        value={category}
        onChange={(v) => setFilter('category', v)}
      />
      <FilterGroup
        label={copy.statusLabel}
        allLabel={copy.allStatuses}
        options={PROJECT_STATUSES}
        words={options.projectStatus}
        value={status}
        onChange={(v) => setFilter('status', v)}
      />
    </>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <SectionHeading level={1} title={copy.title} subtitle={copy.intro} />
      {!projects.ok ? (
        <ErrorState text={states.projectsError} />
      ) : (
        <>
          <div className="mb-6 hidden flex-wrap items-end gap-8 md:flex">
            {filterGroups}
            <button
              type="button"
              onClick={clearAll}
              className="min-h-11 text-sm font-semibold text-brand-dark underline underline-offset-4"
            >
              {copy.clearAll}
            </button>
          </div>
          <div className="mb-6 flex items-center justify-between gap-4">
            <p className="text-gray-800" aria-live="polite" data-testid="project-count">
              {groupCounts(copy.showing(shown.length, all.length))}
            </p>
            <button
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-expanded={drawerOpen}
              aria-controls="filter-drawer"
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-gray-300 px-4 text-sm font-semibold text-gray-900 md:hidden"
            >
              <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
              {copy.filters}
            </button>
          </div>
          {shown.length === 0 ? (
            <EmptyState text={states.projectsEmpty} />
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((project, i) => (
                <ProjectCard key={project._id} project={project} cta={CTA} priority={i === 0} onOpen={() => setOpenId(project._id)} />
              ))}
            </ul>
          )}
          {drawerOpen && (
            <FilterDrawer onClose={() => setDrawerOpen(false)} onClear={clearAll}>
              {filterGroups}
            </FilterDrawer>
          )}
        </>
      )}
      {openProject && <ProjectModal project={openProject} cta={CTA} onClose={() => setOpenId(null)} />}
    </div>
  );
}

function FilterGroup<T extends string>({
  label,
  allLabel,
  options,
  words,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: readonly T[];
  /** How each option reads in the page's language (`copy.options`). */
  words: Readonly<Record<string, string>>;
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-gray-900">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {[null, ...options].map((option) => (
          <button
            key={option ?? 'all'}
            type="button"
            aria-pressed={option === value}
            onClick={() => onChange(option)}
            className={`min-h-11 rounded-full px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
              option === value ? 'bg-brand-dark text-white' : 'bg-gray-100 text-gray-900 hover:bg-orange-100'
            }`}
          >
            {option === null ? allLabel : <OptionText label={optionLabel(words, option)} />}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function OptionText({ label }: { label: { text: string; lang: 'en' | undefined } }) {
  return label.lang ? <span lang={label.lang}>{label.text}</span> : label.text;
}

function FilterDrawer({ children, onClose, onClear }: { children: React.ReactNode; onClose: () => void; onClear: () => void }) {
  const copy = usePublicCopy().projects;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 md:hidden">
      <div className="absolute inset-0 bg-black/50" onClick={onClose} aria-hidden="true" />
      <div
        id="filter-drawer"
        role="dialog"
        aria-modal="true"
        aria-label={copy.filters}
        className="absolute inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white p-6 shadow-2xl"
      >
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-bold text-gray-900">{copy.filters}</h2>
          <button
            type="button"
            autoFocus
            onClick={onClose}
            aria-label={copy.closeFilters}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-gray-100"
          >
            <X aria-hidden="true" />
          </button>
        </div>
        {children}
        <button
          type="button"
          onClick={onClear}
          className="min-h-11 rounded-full border-2 border-brand-dark px-4 text-sm font-semibold text-brand-dark"
        >
          {copy.clearAll}
        </button>
      </div>
    </div>
  );
}
