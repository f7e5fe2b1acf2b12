/** The client stories block: the featured story and the experiences grid, or the spec's error view. Used on /client and at the bottom of Home. */
import { Quote } from 'lucide-react';
import type { ClientStory } from '../../../shared/resources';
import type { Section } from '../../lib/section';
import { ClientStoriesGrid } from './client-stories-grid';
import { EmptyState, ErrorState } from './section-state';
import { usePublicCopy } from './page-context';

export function ClientStoriesView({ section, headingLevel }: { section: Section<ClientStory[]>; headingLevel: 1 | 2 }) {
  const { clientStories, states } = usePublicCopy();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <div className="bg-orange-50/40">
      <div className="mx-auto max-w-7xl px-4 pt-16 sm:px-6">
        <Heading className="text-center text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{clientStories.title}</Heading>
        <p className="mx-auto mt-4 max-w-2xl text-center text-gray-700">{clientStories.intro}</p>
      </div>
      {!section.ok ? (
        <ErrorState text={states.clientStoriesError} />
      ) : (
        <>
          <section aria-label={clientStories.featuredTitle} className="mx-auto mt-12 max-w-5xl px-4 sm:px-6">
            <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-gray-100 sm:p-10">
              <Sub className="text-2xl font-bold text-gray-900">{clientStories.featuredTitle}</Sub>
              <blockquote className="mt-4 flex gap-3 text-lg text-gray-800 italic">
                <Quote className="h-6 w-6 shrink-0 text-brand" aria-hidden="true" />
                <p>
                  {clientStories.featuredQuote}
                  <span className="mt-2 block text-sm text-gray-700 not-italic">{clientStories.featuredClient}</span>
                </p>
              </blockquote>
              <div className="mt-6 grid gap-4 md:grid-cols-2">
                <div className="rounded-xl bg-red-50 p-5">
                  <p className="font-semibold text-red-900">{clientStories.challengeTitle}</p>
                  <p className="mt-2 text-gray-800">{clientStories.challengeText}</p>
                </div>
                <div className="rounded-xl bg-green-50 p-5">
                  <p className="font-semibold text-green-900">{clientStories.solutionTitle}</p>
                  <p className="mt-2 text-gray-800">{clientStories.solutionText}</p>
                </div>
              </div>
            </div>
          </section>
          {section.data.length === 0 ? (
            <div className="px-4 pb-12">
              <EmptyState text={states.clientStoriesEmpty} />
            </div>
          ) : (
            <ClientStoriesGrid stories={section.data} />
          )}
        </>
      )}
      {!section.ok && <div className="pb-8" />}
    </div>
  );
}
