/**
 * Shareable preview links of drafts (issue 25, docs/decisions/0043): a signed link anyone may open for 7 days
 * that shows the public page with the draft in its place, refused once it runs out or the draft is published
 * or deleted. The reply of the route that makes one, and the texts both sides show.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type Language } from './languages';
import { recordOf } from './narrow';
import { z } from './zod';

/** How long a preview link works. */
export const PREVIEW_LINK_DAYS = 7;

/** The path a preview link opens (the token follows it). */
const PREVIEW_LINK_PATH = '/preview/';

/** The path of a link's preview in a language: `/preview/<token>`, `/kn/preview/<token>` (docs/decisions/0049). */
export function previewLinkPath(token: string, language: Language = DEFAULT_LANGUAGE): string {
  return `${localizedPath(PREVIEW_LINK_PATH.slice(0, -1), language)}/${token}`;
}

/** Where a preview's language switcher leads: the same preview in each language. */
export function previewLinkPaths(token: string): Record<Language, string> {
  return recordOf(
    LANGUAGES.map(({ code }) => code),
    (code) => previewLinkPath(token, code),
  );
}

/** The address a link opens: the site's public base, the path, the token (the page in the default language). */
export function previewLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${previewLinkPath(token)}`;
}

export const previewLinkReply = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    url: z.string().meta({ description: 'Absolute URL of the preview (PUBLIC_URL + /preview/<token>); works without signing in' }),
    expiresAt: z.string().meta({ description: 'ISO time the link stops working' }),
  }),
});
export type PreviewLinkReply = z.infer<typeof previewLinkReply>;

export const previewLinkMessages = {
  made: `Preview link made: anyone with it sees the draft for ${PREVIEW_LINK_DAYS} days, or until it is published or deleted.`,
  nothingToPreview: 'This item is published and has no draft: there is nothing to preview.',
  /** The About content or the Site settings without a draft (docs/decisions/0045). */
  noDocumentDraft: (noun: string) => `There is no draft of the ${noun} to preview: save one first.`,
  /** The page a refused link opens (expired, stale, forged, or its item gone). */
  refusedTitle: 'This preview link no longer works',
  refused: 'It has expired, or the draft it showed was published or deleted. Ask for a new link.',
} as const;
