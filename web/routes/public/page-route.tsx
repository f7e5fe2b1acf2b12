/**
 * Every public page's route: web/routes.ts registers this module once per page of web/pages/ and language,
 * with the page's path (`kn:<path>` in Kannada) as its route id, and the loader, meta and action below hand
 * over to that page's definition, with the language its path carries (docs/decisions/0049).
 */
import { data, redirect } from 'react-router';
import { localizedHref, splitLanguage } from '../../../shared/languages';
import { PublicPage } from '../../lib/public-page';
import { publicPageMeta } from '../../lib/page-meta';
import { publicCopyOf } from '../../lib/public-copies';
import { loadDocument, loadResource, loadSection } from '../../lib/section-data.server';
import { publicPageAt, publicPageOfRouteId } from '../../pages';
import type { Route } from './+types/page-route';

/** The page of the route being rendered and its language, from the last match's id. */
const pageOf = (matches: readonly ({ id: string } | undefined)[]) => publicPageOfRouteId(matches.at(-1)?.id ?? '');

/** The page a loader or action runs for and its language: the route's pattern is the page's path, with a language's prefix. */
function pageAt(pattern: string) {
  const { language, path } = splitLanguage(`/${pattern.replace(/^\/+/, '')}`);
  return { page: publicPageAt(path), language };
}

/** The page's props, from its definition's `load` (none without one). */
export async function loader({ request, context, pattern }: Route.LoaderArgs): Promise<Record<string, unknown> | null> {
  const { page, language } = pageAt(pattern);
  if (!page.load) return null;
  const props = await page.load({
    url: new URL(request.url),
    language,
    copy: publicCopyOf(language),
    previewId: context.previewId,
    load: (key) => loadResource(context, key, language),
    aboutContent: () => loadDocument(context, 'about'),
    read: (read) => loadSection(context, () => read(context.services)),
    redirect(to) {
      // a redirect stays in the page's language, is never cached, and a staff preview follows it
      const target = localizedHref(to, language);
      const preview = context.previewId ? `${target.includes('?') ? '&' : '?'}preview=${encodeURIComponent(context.previewId)}` : '';
      throw redirect(target + preview, 302);
    },
  });
  return props as Record<string, unknown>;
}

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const { page, language } = pageAt(pattern);
  if (!page.action) throw data(null, { status: 405 });
  // the form's confirmation (a redirect to a path of the page) stays in the page's language
  const localRedirect: typeof redirect = (to, init) => redirect(localizedHref(to, language), init);
  return page.action({ request, services: context.services, language, copy: publicCopyOf(language), data, redirect: localRedirect });
}

export function meta({ data: props, matches }: Route.MetaArgs) {
  const { page, language } = pageOf(matches);
  return publicPageMeta(page, language, props ?? undefined, matches);
}

export default function PageRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { page } = pageOf(matches);
  // a page with a form gets what its no-JavaScript POST answered
  const props = page.action ? { ...loaderData, posted: actionData ?? null } : (loaderData ?? {});
  return <PublicPage name={page.name} Component={page.Component} props={props} />;
}
