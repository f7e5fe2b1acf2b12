/** The source fields of an enquiry as the API takes them (POST /api/user and the forms' hidden fields); see enquiry-source-rules.ts. */
import { SOURCE_LIMITS, hostName, sitePath } from './enquiry-source-rules';
import { noNul } from './text-input';
import { UUID_PATTERN } from './validation';
import { z } from './zod';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from './languages';

export const enquirySourceMessages = {
  sourcePage: 'Source page must be a path on this site',
  utmTooLong: (label: string) => `${label} must be at most ${SOURCE_LIMITS.utm} characters`,
  referrerHost: 'Referring site must be a host name',
  projectId: 'Project must be the id of a project',
  projectNotFound: 'Project not found',
  language: `Language must be one of: ${LANGUAGES.map((language) => language.code).join(', ')}`,
} as const;

const m = enquirySourceMessages;
/** An empty hidden field is no value. */
const blankIsNone = (value: string) => value || undefined;

const campaign = (label: string) =>
  z
    .string({ error: m.utmTooLong(label) })
    .trim()
    .max(SOURCE_LIMITS.utm, m.utmTooLong(label))
    .refine(...noNul(label))
    .transform(blankIsNone)
    .optional();

/** Every field optional: an enquiry from an old page, another client or a visit with no campaign has none. */
export const enquirySourceSchema = z.object({
  sourcePage: z
    .string({ error: m.sourcePage })
    .transform((value, ctx) => {
      if (!value.trim()) return undefined;
      const path = sitePath(value);
      if (!path) ctx.addIssue({ code: 'custom', message: m.sourcePage });
      return path ?? undefined;
    })
    .optional()
    .meta({ description: 'The path of the page the enquiry was sent from, e.g. `/contact`.' }),
  projectId: z
    .string({ error: m.projectId })
    .trim()
    .refine((value) => !value || UUID_PATTERN.test(value), m.projectId)
    .transform(blankIsNone)
    .optional()
    .meta({ description: 'The `_id` of the project the enquiry is about.' }),
  utmSource: campaign('Campaign source').meta({ description: '`utm_source` of the visit’s landing page' }),
  utmMedium: campaign('Campaign medium').meta({ description: '`utm_medium` of the visit’s landing page' }),
  utmCampaign: campaign('Campaign name').meta({ description: '`utm_campaign` of the visit’s landing page' }),
  referrerHost: z
    .string({ error: m.referrerHost })
    .transform((value, ctx) => {
      if (!value.trim()) return undefined;
      const host = hostName(value);
      if (!host) ctx.addIssue({ code: 'custom', message: m.referrerHost });
      return host ?? undefined;
    })
    .optional()
    .meta({ description: 'The host of the site that sent the visitor (no path, no query).' }),
  language: z
    .string({ error: m.language })
    .trim()
    .transform((value, ctx) => {
      if (!value) return undefined;
      if (!isLanguage(value)) ctx.addIssue({ code: 'custom', message: m.language });
      return isLanguage(value) ? value : undefined;
    })
    .optional()
    .meta({
      description: `The language of the page it was sent from (${LANGUAGES.map((language) => language.code).join(', ')}); left out: ${DEFAULT_LANGUAGE}`,
    }),
});
