/**
 * Every public page's route: web/routes.ts registers this module once per page of web/pages/, with the
 * page's path as its route id, and the loader, meta and action below hand over to that page's definition.
 */
import { data, redirect } from 'react-router';
import { PublicPage } from '../../lib/public-page';
import { pageMeta } from '../../lib/page-meta';
import { loadDocument, loadResource, loadSection } from '../../lib/section-data.server';
import { layoutDataOf } from '../../lib/site-settings';
import { publicPageAt } from '../../pages';
import { splitLanguage } from '../../../shared/languages';
import type { Route } from './+types/page-route';

/** The page of the route being rendered: the last match's id is its path. */
const pageOf = (matches: readonly ({ id: string } | undefined)[]) => publicPageAt(matches.at(-1)?.id ?? '');

/** The page a loader or action runs for: the route's pattern is its path (without the leading slash). */
const pageAt = (pattern: string) => publicPageAt(`/${pattern.replace(/^\/+/, '')}`);

/** The page's props, from its definition's `load` (none without one). */
export async function loader({ request, context, pattern }: Route.LoaderArgs): Promise<Record<string, unknown> | null> {
  const page = pageAt(pattern);
  if (!page.load) return null;
  const props = await page.load({
    url: new URL(request.url),
    previewId: context.previewId,
    load: (key) => loadResource(context, key),
    aboutContent: () => loadDocument(context, 'about', splitLanguage(new URL(request.url).pathname).language),
    read: (read) => loadSection(context, () => read(context.services)),
    redirect(to) {
      // a redirect is never cached; a staff preview follows it
      const preview = context.previewId ? `${to.includes('?') ? '&' : '?'}preview=${encodeURIComponent(context.previewId)}` : '';
      throw redirect(to + preview, 302);
    },
  });
  return props as Record<string, unknown>;
}

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const page = pageAt(pattern);
  if (!page.action) throw data(null, { status: 405 });
  return page.action({ request, services: context.services, data, redirect });
}

export function meta({ data: props, matches }: Route.MetaArgs) {
  const page = pageOf(matches);
  const own = page.meta({ data: props ?? undefined, site: layoutDataOf(matches)?.site ?? null });
  const crumbs = own.crumbs ?? (own.title === null ? [] : [{ name: own.title, path: page.path }]);
  return pageMeta({ ...own, path: page.path, crumbs, matches });
}

export default function PageRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  const page = pageOf(matches);
  // a page with a form gets what its no-JavaScript POST answered
  const props = page.action ? { ...loaderData, posted: actionData ?? null } : (loaderData ?? {});
  return <PublicPage name={page.name} Component={page.Component} props={props} />;
}
