/**
 * A live preview (issue 25): the values of a form not saved yet, sent by the admin's form as it is typed
 * in, and rendered by the server into the public page they show on. Nothing is stored. The form is a content
 * item's (in its place on its resource's page) or a whole document's (the About content, the Site settings).
 */
import type { AboutContent } from './about-content';
import { LANGUAGES } from './languages';
import { RESOURCE_KEYS, type ResourceKey } from './resources';
import type { SiteSettings } from './site-settings';
import { UUID_PATTERN } from './validation';
import { z } from './zod';

/** The documents a preview can show (their history names): each is one value the public pages read whole. */
export const PREVIEW_DOCUMENTS = ['about', 'site-settings'] as const;
export type PreviewDocument = (typeof PREVIEW_DOCUMENTS)[number];

/** Each document's value, by its name. */
export interface DocumentValues {
  about: AboutContent;
  'site-settings': SiteSettings;
}

/** The page a document's preview shows: About its own; the Site settings show on every page, so the home page stands for them. */
export const DOCUMENT_PREVIEW_PAGES: Record<PreviewDocument, string> = { about: '/about', 'site-settings': '/' };

/** One image the form keeps (a stored one: files not uploaded yet are not shown), with its details. */
const previewImage = z.object({
  url: z.string().max(500),
  alt: z.string().max(1000).optional(),
  focusX: z.number().int().min(0).max(100).optional(),
  focusY: z.number().int().min(0).max(100).optional(),
  description: z.string().max(5000).optional(),
  /** its description and alt text in the other languages (docs/decisions/0049); read as stored ones are */
  translations: z.record(z.string(), z.record(z.string(), z.string().max(5000))).optional(),
});

/** The page's language (docs/decisions/0049): the preview shows the page under its prefix (`/kn/…`), English by default. */
const previewLanguage = z
  .enum(LANGUAGES.map((language) => language.code))
  .optional()
  .meta({
    description: 'The language of the page shown (`en` by default; `kn` shows the Kannada page, English where a text has no Kannada).',
  });

const itemPreviewRequest = z
  .object({
    language: previewLanguage,
    resource: z.enum(RESOURCE_KEYS).meta({ description: 'The resource the form edits (its key).' }),
    id: z.string().regex(UUID_PATTERN).meta({ description: 'The item’s `_id`; for an item not saved yet, any new UUID.' }),
    fields: z
      .record(z.string().max(100), z.union([z.string().max(20_000), z.number(), z.array(z.string().max(2000)).max(200)]))
      .meta({ description: 'The form’s text, number and list fields as they are now; a value of the wrong type keeps the stored one.' }),
    images: z.array(previewImage).max(50).meta({ description: 'The stored images the form keeps, in order, with their details.' }),
    translations: z
      .record(
        z.string().max(10),
        z.record(z.string().max(100), z.union([z.string().max(20_000), z.array(z.string().max(2000)).max(200).readonly()])),
      )
      .optional()
      .meta({
        description:
          'The form’s translated values by language and field (`{ kn: { title } }`), as a save sends them; absent, the stored ones. Unknown languages and fields are left out.',
      }),
  })
  .strict()
  .meta({ title: 'Item', description: 'A content item’s form: its resource’s public page with the item in its place.' });

const documentPreviewRequest = z
  .object({
    language: previewLanguage,
    document: z.enum(PREVIEW_DOCUMENTS).meta({
      description:
        'The document the form edits: `about` (shown on /about, the content area) or `site-settings` (shown on the home page, the settings area).',
    }),
    value: z.record(z.string().max(100), z.unknown()).meta({
      description:
        'The document as its form holds it now, in the shape of its save’s body (PUT /api/about-content, PUT /api/site-settings); a place that does not pass the save’s checks shows as stored.',
    }),
  })
  .strict()
  .meta({
    title: 'Document',
    description: 'The About content’s or the Site settings’ form: the page they show on, with the form’s values.',
  });

/** An item's form or a document's: the keys tell them apart (`resource` or `document`). */
export const livePreviewRequest = z.union([itemPreviewRequest, documentPreviewRequest]);

export type LivePreviewRequest = z.infer<typeof livePreviewRequest>;
export type ItemPreviewRequest = z.infer<typeof itemPreviewRequest>;

/** What a page render is given for a live preview of an item: this resource's list shows the unsaved item. */
export interface LivePreview {
  key: ResourceKey;
  id: string;
  fields: ItemPreviewRequest['fields'];
  images: ItemPreviewRequest['images'];
  translations?: ItemPreviewRequest['translations'];
}

/** What a page render is given for a preview of a document (live or a link's draft): the pages read this value instead of the stored one. */
export type DocumentPreviewValues = Partial<DocumentValues>;

/** `value` under the document's name, as a page render is given it. */
export function documentPreviewValues<D extends PreviewDocument>(name: D, value: DocumentValues[D]): DocumentPreviewValues {
  const values: DocumentPreviewValues = {};
  values[name] = value;
  return values;
}
