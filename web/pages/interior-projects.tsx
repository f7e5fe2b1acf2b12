/** Interior projects: stage tabs (Upcoming first), project cards, the detail modal and the 8 category tiles. */
import { useState } from 'react';
import { PROJECT_STATUSES } from '../../shared/resource-options';
import { localizedPath } from '../../shared/languages';
import { useLanguage, usePublicCopy } from '../components/public/page-context';
import type { Project } from '../../shared/resources';
import { ProjectCard, ProjectModal, type ProjectCta } from '../components/public/project-details';
import { ReachButtons } from '../components/public/reach-buttons';
import { SectionHeading } from '../components/public/section-heading';
import { EmptyState, ErrorState } from '../components/public/section-state';
import { definePublicPage } from '../lib/public-page-definition';
import type { Section } from '../lib/section';

/** The stage tabs, Upcoming first: their values are the stored statuses, their words `copy.options.projectStatus`. */
type Stage = (typeof PROJECT_STATUSES)[number];

export interface InteriorProjectsPageProps {
  projects: Section<Project[]>;
}

const PATH = '/project/interior';

export const page = definePublicPage<InteriorProjectsPageProps>({
  path: PATH,
  order: 70,
  label: ['interiorProjects', 'title'],
  loadingText: ['states', 'projectsLoading'],
  sitemap: { resources: ['project'] },
  async load({ load }) {
    const projects = await load('project');
    const interiorOnly = projects.ok ? { ok: true as const, data: projects.data.filter((p) => p.category === 'Interior') } : projects;
    return { projects: interiorOnly };
  },
  meta: ({ data, copy }) => ({
    title: copy.interiorProjects.title,
    description: copy.interiorProjects.metaDescription,
    crumbs: [
      // the Interior page's path: importing its definition would load its code here
      { name: copy.interior.title, path: '/interior' },
      { name: copy.interiorProjects.title, path: PATH },
    ],
    projects: data?.projects,
  }),
});

export default function InteriorProjectsPage({ projects }: InteriorProjectsPageProps) {
  const { interiorProjects: copy, interior, reach, states, options } = usePublicCopy();
  const language = useLanguage();
  const CTA: ProjectCta = { completed: interior.ctaCompleted, other: interior.ctaOther };
  const tabs = PROJECT_STATUSES;
  const [stage, setStage] = useState<Stage>('Upcoming');
  const [openId, setOpenId] = useState<string | null>(null);
  const all = projects.ok ? projects.data : [];
  const shown = all.filter((p) => p.status === stage);
  const openProject = all.find((p) => p._id === openId) ?? null;

  const onTabKey = (event: React.KeyboardEvent, i: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = tabs[(i + delta + tabs.length) % tabs.length];
    setStage(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <SectionHeading level={1} title={copy.title} subtitle={copy.intro} />
        {!projects.ok ? (
          <ErrorState text={states.interiorProjectsError} />
        ) : (
          <>
            <div role="tablist" aria-label={copy.tabsLabel} className="mb-8 flex justify-center gap-2">
              {tabs.map((tab, i) => (
                <button
                  key={tab}
                  id={`tab-${tab}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === stage}
                  aria-controls="stage-panel"
                  tabIndex={tab === stage ? 0 : -1}
                  onClick={() => setStage(tab)}
                  onKeyDown={(event) => onTabKey(event, i)}
                  className={`min-h-11 rounded-full px-5 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                    tab === stage ? 'bg-brand-dark text-white' : 'bg-gray-100 text-gray-900 hover:bg-orange-100'
                  }`}
                >
                  {options.projectStatus[tab]}
                </button>
              ))}
            </div>
            <div id="stage-panel" role="tabpanel" aria-labelledby={`tab-${stage}`}>
              {shown.length === 0 ? (
                <EmptyState text={states.interiorProjectsEmpty} />
              ) : (
                <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {shown.map((project, i) => (
                    <ProjectCard
                      key={project._id}
                      project={project}
                      cta={CTA}
                      chips
                      priority={i === 0}
                      onOpen={() => setOpenId(project._id)}
                    />
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </div>
      <section aria-labelledby="categories" className="bg-gray-50 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="categories" title={copy.categoriesTitle} />
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {copy.categoryTiles.map((tile) => (
              <li key={tile}>
                <a
                  href={localizedPath('/contact', language)}
                  className="flex min-h-24 items-center justify-center rounded-xl bg-white p-4 text-center font-semibold text-gray-900 shadow-md ring-1 ring-gray-100 hover:ring-brand focus-visible:outline-2 focus-visible:outline-brand-dark"
                >
                  {tile}
                </a>
              </li>
            ))}
          </ul>
          <ReachButtons subject={reach.interiorSubject} className="mt-8 justify-center" />
        </div>
      </section>
      {openProject && <ProjectModal project={openProject} cta={CTA} onClose={() => setOpenId(null)} />}
    </>
  );
}
