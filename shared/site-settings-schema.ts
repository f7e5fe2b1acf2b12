/** The zod schema of the Site settings: the server's body check and the admin form's (public pages never load it). */
import { isUploadedImageUrl } from './image-urls';
import {
  OLD_DEMO_MAP_LINK,
  SITE_LIMITS,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
  WEEKDAYS,
  WEEKDAY_LABELS,
  siteSettingsMessages,
  type SiteSettings,
  type SocialNetwork,
  type Weekday,
} from './site-settings';
import { toE164 } from './phone';
import { noNul } from './text-input';
import { revisionShape } from './edit-conflicts';
import { z } from './zod';
import { recordOf } from './narrow';
import { TRANSLATED_LANGUAGES } from './languages';
import type { SiteSettingsTranslations } from './translations';

/** Text of a field; missing or not text: a message that names it. */
const textOf = (label: string) => z.string({ error: siteSettingsMessages.missing(label) }).trim();

const text = (label: string, max: number) =>
  textOf(label)
    .max(max, siteSettingsMessages.tooLong(label, max))
    .refine(...noNul(label));

/** A phone number as people write it (India when it has no country code), kept in E.164; `lenient` keeps one that is not a number as it is (a stored value from before this rule). */
const phoneNumber = (label: string, message: string, lenient = false) =>
  textOf(label)
    .max(30, message)
    .transform((value, ctx) => {
      if (value === '') return value;
      const e164 = toE164(value);
      if (e164) return e164;
      if (!lenient) ctx.addIssue({ code: 'custom', message });
      return value;
    });

/** Only http(s): these go into href, so no `javascript:` or `data:`. */
const webUrl = (label: string) =>
  textOf(label)
    .max(SITE_LIMITS.url, siteSettingsMessages.tooLong(label, SITE_LIMITS.url))
    .refine((value) => {
      if (value === '') return true;
      if (!/^https?:\/\//i.test(value)) return false;
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    }, siteSettingsMessages.urlInvalid(label));

/** A social profile's address; absent or empty: no link shown. */
const socialField = (network: SocialNetwork) => webUrl(SOCIAL_LABELS[network]).default('');

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const dayHours = (day: Weekday) => {
  const label = WEEKDAY_LABELS[day];
  return z
    .object({ opens: textOf(label).default(''), closes: textOf(label).default('') }, { error: siteSettingsMessages.missing(label) })
    .superRefine((hours, ctx) => {
      const { opens, closes } = hours;
      if (opens === '' && closes === '') return;
      if (opens === '' || closes === '') ctx.addIssue({ code: 'custom', message: siteSettingsMessages.timeBoth(label) });
      else if (!TIME.test(opens) || !TIME.test(closes)) ctx.addIssue({ code: 'custom', message: siteSettingsMessages.timeInvalid(label) });
      else if (closes <= opens) ctx.addIssue({ code: 'custom', message: siteSettingsMessages.timeOrder(label) });
    });
};

/** An object whose unknown keys are refused with a message naming them. */
const only = <S extends z.ZodRawShape>(shape: S, what: string) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Translations: ${issue.keys.map((key) => `"${key}"`).join(', ')} ${issue.keys.length === 1 ? 'is' : 'are'} not ${what}`
        : `Translations: ${what} must be an object`,
  });

/** The Site settings' words in one other language: the English fields' limits, each optional ('' is none). */
const siteSettingsTranslationSchema = only(
  {
    defaultTitle: text('Default page title', SITE_LIMITS.defaultTitle).optional(),
    defaultDescription: text('Default page description', SITE_LIMITS.defaultDescription).optional(),
    address: only(
      {
        street: text('Street address', SITE_LIMITS.street).optional(),
        locality: text('City', SITE_LIMITS.locality).optional(),
        region: text('State or region', SITE_LIMITS.region).optional(),
      },
      'a translatable part of the address (street, locality, region)',
    ).optional(),
  },
  'a translatable setting (defaultTitle, defaultDescription, address); the company name stays as registered',
);

/** Per other language (`kn`); optional (none: every page shows English). */
const siteSettingsTranslationsSchema = only(
  Object.fromEntries(TRANSLATED_LANGUAGES.map((code) => [code, siteSettingsTranslationSchema.optional()])),
  `a language the settings are translated into (${TRANSLATED_LANGUAGES.join(', ')})`,
)
  .meta({
    description:
      'The default title and description and the address’s street, locality and region in the other languages: `{ "kn": { "defaultTitle": "…", "address": { "locality": "…" } } }`',
  })
  .transform((value): SiteSettingsTranslations => value);

export const siteSettingsSchema = z.object({
  companyName: textOf('Company name')
    .min(1, siteSettingsMessages.companyNameRequired)
    .max(SITE_LIMITS.companyName, siteSettingsMessages.tooLong('Company name', SITE_LIMITS.companyName))
    .refine(...noNul('Company name')),
  address: z.object(
    {
      street: text('Street address', SITE_LIMITS.street),
      locality: text('City', SITE_LIMITS.locality),
      region: text('State or region', SITE_LIMITS.region),
      postalCode: text('Postal code', SITE_LIMITS.postalCode),
      country: textOf('Country')
        .refine((value) => value === '' || /^[A-Za-z]{2}$/.test(value), siteSettingsMessages.countryInvalid)
        .transform((value) => value.toUpperCase()),
    },
    { error: siteSettingsMessages.missing('Address') },
  ),
  phone: phoneNumber('Phone', siteSettingsMessages.phoneInvalid),
  whatsapp: phoneNumber('WhatsApp number', siteSettingsMessages.whatsappInvalid),
  email: textOf('E-mail')
    .max(SITE_LIMITS.email, siteSettingsMessages.emailInvalid)
    .refine((value) => value === '' || z.email().safeParse(value).success, siteSettingsMessages.emailInvalid),
  hours: z.object(recordOf(WEEKDAYS, dayHours), { error: siteSettingsMessages.missing('Opening hours') }),
  social: z.object(recordOf(SOCIAL_NETWORKS, socialField), { error: siteSettingsMessages.missing('Social links') }),
  mapLink: webUrl('Map link'),
  defaultTitle: textOf('Default page title')
    .min(1, siteSettingsMessages.defaultTitleRequired)
    .max(SITE_LIMITS.defaultTitle, siteSettingsMessages.tooLong('Default page title', SITE_LIMITS.defaultTitle))
    .refine(...noNul('Default page title')),
  defaultDescription: text('Default page description', SITE_LIMITS.defaultDescription),
  shareImage: z
    .string({ error: siteSettingsMessages.shareImageInvalid })
    .trim()
    .refine((url) => url === '' || isUploadedImageUrl(url), siteSettingsMessages.shareImageInvalid),
  translations: siteSettingsTranslationsSchema.optional(),
});

/** A stored document as it is read: numbers saved before they were normalised read in E.164 when they can (as they were otherwise), the old demo map link as none. */
export const storedSiteSettingsSchema = siteSettingsSchema.extend({
  phone: phoneNumber('Phone', siteSettingsMessages.phoneInvalid, true),
  whatsapp: phoneNumber('WhatsApp number', siteSettingsMessages.whatsappInvalid, true),
  mapLink: webUrl('Map link').transform((link) => (link === OLD_DEMO_MAP_LINK ? '' : link)),
});

// the schema's output is exactly the SiteSettings interface, both ways
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exact: Same<z.infer<typeof siteSettingsSchema>, SiteSettings> = true;
void exact;

/** GET /api/site-settings and the reply of a save (PUT): the settings as stored. */
export const siteSettingsReply = z.object({ success: z.literal(true), data: storedSiteSettingsSchema });
export const siteSettingsSavedReply = z.object({
  success: z.literal(true),
  message: z.string(),
  data: storedSiteSettingsSchema,
  ...revisionShape,
});

export type SiteSettingsReply = z.infer<typeof siteSettingsReply>;
export type SiteSettingsSavedReply = z.infer<typeof siteSettingsSavedReply>;
