/** One section's data read on the server: a failure becomes that section's error state, never the page's. */
import type { AppLoadContext } from 'react-router';
import { resources, type ResourceKey, type ResourceRecords } from '../../shared/resources';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages';
import { localizeAbout, localizeRecord, localizeSiteSettings, type Localized } from '../../shared/translations';
import type { DocumentValues, PreviewDocument } from '../../shared/live-preview';
import { states } from '../../shared/copy/public';
import { loggableError } from '../../server/errors';
import { shownAbout, withoutImageTranslations } from '../../server/media/media-index';
import type { Section } from './section';
import type { AnyRecord } from '../../server/resources/content-records';

/**
 * Runs one read; the real cause is logged, the visitor gets a short generic detail, and the render
 * is marked as showing an error state (such a page is not cached: Retry must retry).
 */
export async function loadSection<T>(context: AppLoadContext, read: () => Promise<T>): Promise<Section<T>> {
  try {
    return { ok: true, data: await read() };
  } catch (error) {
    context.failedReads += 1;
    // the cause without the query's parameters (visitors' data must not reach the logs)
    context.log.error({ err: loggableError(error) }, 'public section read failed');
    return { ok: false, message: states.failureDetail };
  }
}

/**
 * The records of one content resource as a section (with the hidden item a staff preview asks for), as a page
 * in `language` shows them: translated values in place, English where a translation is missing (named in
 * each record's `fallbackFields`, docs/decisions/0049).
 */
export async function loadResource<K extends ResourceKey>(
  context: AppLoadContext,
  key: K,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Section<Localized<ResourceRecords[K]>[]>> {
  const section = await loadEnglishResource(context, key);
  if (!section.ok) return section;
  // a page shows one language: the others' values (the record's and its images' own) would only weigh down its HTML and page data
  const oneLanguage = (record: ResourceRecords[K]) =>
    withoutTranslations(withoutImageTranslations(resources[key], record as unknown as AnyRecord) as unknown as ResourceRecords[K]);
  if (language === DEFAULT_LANGUAGE) return { ok: true, data: section.data.map(oneLanguage) };
  const localize = (record: ResourceRecords[K]) =>
    localizeRecord(resources[key], record as unknown as Readonly<Record<string, unknown>>, language) as unknown as Localized<
      ResourceRecords[K]
    >;
  // the images' alt texts in the page's language (the library's, docs/decisions/0048), then the fields
  return loadSection(context, async () =>
    (await context.services.content.mediaIndex.localizedImages(resources[key], section.data, language)).map(localize).map(oneLanguage),
  );
}

/** The record without its `translations` (the page's language is already in its fields). */
function withoutTranslations<R extends { translations?: unknown }>(record: R): R {
  const shown = { ...record };
  delete shown.translations;
  return shown;
}

/** The records as stored (English in the fields), with a preview's item in its place. */
function loadEnglishResource<K extends ResourceKey>(context: AppLoadContext, key: K): Promise<Section<ResourceRecords[K][]>> {
  const { previewId, livePreview, draftPreview } = context;
  if (draftPreview?.key === key) {
    // a preview link's draft, in its place (built from the definition by PreviewLinks.open)
    return loadSection(
      context,
      async () => (await context.services.content.reads.listWithRecord(key, draftPreview.record)) as ResourceRecords[K][],
    );
  }
  if (livePreview?.key === key) {
    // the item as its form holds it, in its place (listWithUnsaved builds records from the definition too)
    return loadSection(
      context,
      async () => (await context.services.content.reads.listWithUnsaved(key, livePreview)) as ResourceRecords[K][],
    );
  }
  if (previewId) {
    // listWithPreview builds records of this resource from its definition, like list(key)
    return loadSection(context, async () => (await context.services.content.reads.listWithPreview(key, previewId)) as ResourceRecords[K][]);
  }
  return loadSection(context, async () => (await context.services.content.reads.list(key)).records);
}

/** How each document is read when no preview puts another value in its place. */
const DOCUMENT_READS: { [D in PreviewDocument]: (services: AppLoadContext['services'], language: Language) => Promise<DocumentValues[D]> } =
  {
    // the hero as visitors see it: no alt text of its own reads as the library entry's (docs/decisions/0048), in the page's language
    about: async (services, language) => shownAbout(await services.about.get(), await services.content.mediaIndex.lookup(), language),
    'site-settings': (services) => services.siteSettings.get(),
  };

/** Each document as a page in a language shows it: translated texts in place, `fallbackFields` naming those left in English. */
const DOCUMENT_LANGUAGE: { [D in PreviewDocument]: (value: DocumentValues[D], language: Language) => DocumentValues[D] } = {
  about: localizeAbout,
  'site-settings': localizeSiteSettings,
};

/**
 * The About content or the Site settings as a section: the stored one, or the one a preview (live or a link's draft) shows,
 * in the page's `language` (splitLanguage of its path; docs/decisions/0049).
 */
export function loadDocument<D extends PreviewDocument>(
  context: AppLoadContext,
  name: D,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Section<DocumentValues[D]>> {
  const previewed = context.documentPreview?.[name];
  return loadSection(context, async () => {
    const value = previewed ?? (await DOCUMENT_READS[name](context.services, language));
    // English pages keep the document's English as it is; neither carries the other languages
    return withoutTranslations(language === DEFAULT_LANGUAGE ? value : DOCUMENT_LANGUAGE[name](value, language));
  });
}

/** The absolute base URL for canonical, Open Graph and sitemap links. */
export function publicUrl(context: AppLoadContext): string {
  return context.services.env.publicUrl.replace(/\/+$/, '');
}
