/**
 * The About Us page's editable text (the admin's About Us editor). One document,
 * saved with PUT /api/about-content and read by the public About page.
 */
import { ALT_MAX } from './image-details';
import { isUploadedImageUrl } from './image-urls';
import { noNul } from './text-input';
import { revisionShape } from './edit-conflicts';
import { z } from './zod';
import { TRANSLATED_LANGUAGES } from './languages';
import type { AboutTranslations } from './translations';

export const ABOUT_FILL_ALL = 'Please fill in all fields.';
export const ABOUT_CARD_REQUIRED = 'Please provide both title and description.';
export const ABOUT_IMAGE_INVALID = 'Image URL must be an image uploaded to this site (/uploads/…), or left empty.';

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, ABOUT_FILL_ALL)
    .max(max, `Text must be at most ${max} characters`)
    .refine(...noNul('Text'));

/** Only our own uploads: the page puts this URL in an img, so no other site's address and no `javascript:`. */
const heroImage = z
  .string({ error: ABOUT_IMAGE_INVALID })
  .trim()
  .refine((url) => url === '' || isUploadedImageUrl(url), ABOUT_IMAGE_INVALID);

/** What the hero image shows, for screen readers (optional, like the image). */
const heroImageAlt = z
  .string()
  .trim()
  .max(ALT_MAX, `Alt text must be at most ${ALT_MAX} characters`)
  .refine(...noNul('Alt text'));

export const aboutHeroSchema = z.object({
  image: heroImage.default(''),
  imageAlt: heroImageAlt.default(''),
  title: line(200),
  subtitle: line(300),
  buttonText: line(60),
});
export const aboutMainSchema = z.object({ title: line(200), subtitle: line(300), description: line(4000) });
export const aboutYearsSchema = z.object({ number: line(20), description: line(500) });
export const aboutCardSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine(...noNul('Card id')),
  title: z
    .string()
    .trim()
    .min(1, ABOUT_CARD_REQUIRED)
    .max(120, 'Text must be at most 120 characters')
    .refine(...noNul('Text')),
  description: z
    .string()
    .trim()
    .min(1, ABOUT_CARD_REQUIRED)
    .max(600, 'Text must be at most 600 characters')
    .refine(...noNul('Text')),
});

/** An object whose unknown keys are refused with a message naming them (a translation of a text About does not have). */
const only = <S extends z.ZodRawShape>(shape: S, what: string) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Translations: ${issue.keys.map((key) => `"${key}"`).join(', ')} ${issue.keys.length === 1 ? 'is' : 'are'} not ${what}`
        : `Translations: ${what} must be an object`,
  });
/** A translated text: the English one's limit, optional; '' is none (the page shows English). */
const translatedLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Text must be at most ${max} characters`)
    .refine(...noNul('Text'))
    .optional();

/** About's texts in one other language, placed as in the document; the cards by their id (docs/decisions/0049). */
const aboutTranslationSchema = only(
  {
    hero: only(
      { title: translatedLine(200), subtitle: translatedLine(300), buttonText: translatedLine(60), imageAlt: heroImageAlt.optional() },
      'a translatable text of the hero (title, subtitle, buttonText, imageAlt)',
    ).optional(),
    main: only(
      { title: translatedLine(200), subtitle: translatedLine(300), description: translatedLine(4000) },
      'a translatable text of the main section (title, subtitle, description)',
    ).optional(),
    years: only(
      { number: translatedLine(20), description: translatedLine(500) },
      'a translatable text of the years (number, description)',
    ).optional(),
    cards: z
      .record(
        z.string().max(40),
        only({ title: translatedLine(120), description: translatedLine(600) }, 'a translatable text of a card (title, description)'),
      )
      .optional(),
  },
  'a translatable section of About (hero, main, years, cards)',
);

/** Per other language (`kn`), About's texts there; optional (none: every page shows English). */
const aboutTranslationsSchema = only(
  Object.fromEntries(TRANSLATED_LANGUAGES.map((code) => [code, aboutTranslationSchema.optional()])),
  `a language About is translated into (${TRANSLATED_LANGUAGES.join(', ')})`,
)
  .meta({
    description:
      'About’s texts in the other languages: `{ "kn": { "hero": { "title": "…" }, "cards": { "<card id>": { "title": "…" } } } }`',
  })
  .transform((value): AboutTranslations => value);

export const aboutContentSchema = z.object({
  hero: aboutHeroSchema,
  main: aboutMainSchema,
  years: aboutYearsSchema,
  cards: z.array(aboutCardSchema).max(12, 'At most 12 feature cards'),
  translations: aboutTranslationsSchema.optional(),
});
export type AboutContent = z.infer<typeof aboutContentSchema>;

/** Reading a saved document: one saved before image URLs were checked shows no hero image rather than the defaults. */
export const storedAboutContentSchema = aboutContentSchema.extend({
  hero: aboutHeroSchema.extend({ image: heroImage.catch(''), imageAlt: heroImageAlt.catch('') }),
});

export const DEFAULT_ABOUT_CONTENT: AboutContent = {
  hero: {
    image: '',
    imageAlt: '',
    title: 'Building Dreams Since 2016',
    subtitle: 'Real estate, interiors, wooden carving and construction under one roof in Bangalore.',
    buttonText: 'Explore Our Story',
  },
  main: {
    title: 'Our Story',
    subtitle: 'One team from the first sketch to the final handover',
    description:
      'What began as a small carpentry workshop in Indiranagar grew into a company that designs, builds and furnishes homes across Bangalore. Our architects, site engineers, interior designers and master carvers work side by side, so every project has one point of contact and one standard of finish.',
  },
  years: { number: '15+', description: 'Years of experience in construction, interiors and traditional wooden carving.' },
  cards: [
    { id: 'sale', title: 'Sale Properties', description: 'Verified homes and plots across Bangalore with clear titles.' },
    { id: 'rent', title: 'Rent Properties', description: 'Well-kept homes for rent, inspected by our own team.' },
    { id: 'search', title: 'Search Properties', description: 'Tell us what you need and we shortlist the right options.' },
    { id: 'trusted', title: 'Trusted Service', description: 'Over 5,000 clients served with transparent pricing.' },
  ],
};

/** GET /api/about-content, and the reply of a save (PUT): the document as stored. */
export const aboutContentReply = z.object({ success: z.literal(true), data: aboutContentSchema });
export const aboutContentSavedReply = z.object({
  success: z.literal(true),
  message: z.string(),
  data: aboutContentSchema,
  ...revisionShape,
});

export type AboutContentReply = z.infer<typeof aboutContentReply>;
export type AboutContentSavedReply = z.infer<typeof aboutContentSavedReply>;
