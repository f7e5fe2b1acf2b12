/**
 * The company's own details, edited on the admin's Site settings screen (PUT /api/site-settings) and
 * read by every public page: header, footer, contact page, page titles, share image and JSON-LD.
 */
import { isUploadedImageUrl } from './image-urls';
import { noNul } from './text-input';
import { z } from './zod';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube', 'twitter', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Field limits, read by the form and the server alike. */
export const SITE_LIMITS = {
  companyName: 50,
  street: 200,
  locality: 80,
  region: 80,
  postalCode: 12,
  email: 254,
  url: 500,
  defaultTitle: 70,
  defaultDescription: 160,
} as const;

export const siteSettingsMessages = {
  saved: 'Site settings saved successfully!',
  companyNameRequired: 'Company name is required',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  phoneInvalid: 'Phone must be a phone number: 7 to 15 digits, with only spaces, +, -, dots and brackets between them',
  whatsappInvalid: 'WhatsApp number must be in international format with its country code: 8 to 15 digits, e.g. +91 98450 12345',
  emailInvalid: 'Please enter a valid email address',
  urlInvalid: (label: string) => `${label} must be a full web address starting with https:// or http://`,
  countryInvalid: 'Country must be a two-letter country code, e.g. IN',
  timeInvalid: (day: string) => `${day}: times must be in 24-hour form, e.g. 09:00 and 20:00`,
  timeBoth: (day: string) => `${day}: give both the opening and the closing time, or neither when closed`,
  timeOrder: (day: string) => `${day}: closing time must be after opening time`,
  shareImageInvalid: 'Share image URL must be an image uploaded to this site (/uploads/…), or left empty.',
  defaultTitleRequired: 'Default page title is required',
} as const;

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
};

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, siteSettingsMessages.tooLong(label, max))
    .refine(...noNul(label));

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** A phone number as people write it: digits with spaces, +, -, dots or brackets between them. */
const phone = z
  .string()
  .trim()
  .max(30, siteSettingsMessages.phoneInvalid)
  .refine(
    (value) => value === '' || (/^\+?[\d\s().-]+$/.test(value) && digitsOf(value).length >= 7 && digitsOf(value).length <= 15),
    siteSettingsMessages.phoneInvalid,
  );

/** WhatsApp needs the full international number (wa.me takes it without + or spaces). */
const whatsapp = z
  .string()
  .trim()
  .max(30, siteSettingsMessages.whatsappInvalid)
  .refine(
    (value) => value === '' || (/^\+?[\d\s().-]+$/.test(value) && digitsOf(value).length >= 8 && digitsOf(value).length <= 15),
    siteSettingsMessages.whatsappInvalid,
  );

/** Only http(s): these go into href, so no `javascript:` or `data:`. */
const webUrl = (label: string) =>
  z
    .string()
    .trim()
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
  return z.object({ opens: z.string().trim().default(''), closes: z.string().trim().default('') }).superRefine((hours, ctx) => {
    const { opens, closes } = hours;
    if (opens === '' && closes === '') return;
    if (opens === '' || closes === '') ctx.addIssue({ code: 'custom', message: siteSettingsMessages.timeBoth(label) });
    else if (!TIME.test(opens) || !TIME.test(closes)) ctx.addIssue({ code: 'custom', message: siteSettingsMessages.timeInvalid(label) });
    else if (closes <= opens) ctx.addIssue({ code: 'custom', message: siteSettingsMessages.timeOrder(label) });
  });
};

export const siteSettingsSchema = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, siteSettingsMessages.companyNameRequired)
    .max(SITE_LIMITS.companyName, siteSettingsMessages.tooLong('Company name', SITE_LIMITS.companyName))
    .refine(...noNul('Company name')),
  address: z.object({
    street: text('Street address', SITE_LIMITS.street),
    locality: text('City', SITE_LIMITS.locality),
    region: text('State or region', SITE_LIMITS.region),
    postalCode: text('Postal code', SITE_LIMITS.postalCode),
    country: z
      .string()
      .trim()
      .refine((value) => value === '' || /^[A-Za-z]{2}$/.test(value), siteSettingsMessages.countryInvalid)
      .transform((value) => value.toUpperCase()),
  }),
  phone,
  whatsapp,
  email: z
    .string()
    .trim()
    .max(SITE_LIMITS.email, siteSettingsMessages.emailInvalid)
    .refine((value) => value === '' || z.email().safeParse(value).success, siteSettingsMessages.emailInvalid),
  hours: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours(day)])) as Record<Weekday, ReturnType<typeof dayHours>>),
  social: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialField(network)])) as Record<
      SocialNetwork,
      ReturnType<typeof socialField>
    >,
  ),
  mapLink: webUrl('Map link'),
  defaultTitle: z
    .string()
    .trim()
    .min(1, siteSettingsMessages.defaultTitleRequired)
    .max(SITE_LIMITS.defaultTitle, siteSettingsMessages.tooLong('Default page title', SITE_LIMITS.defaultTitle))
    .refine(...noNul('Default page title')),
  defaultDescription: text('Default page description', SITE_LIMITS.defaultDescription),
  shareImage: z
    .string({ error: siteSettingsMessages.shareImageInvalid })
    .trim()
    .refine((url) => url === '' || isUploadedImageUrl(url), siteSettingsMessages.shareImageInvalid),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

const closed = { opens: '', closes: '' };
const noSocial = Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, ''])) as Record<SocialNetwork, string>;

/** What a site that never saved its settings shows (DEMO_CONTENT=false): the name and nothing invented. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  companyName: 'Bangalore Homes & Interiors',
  address: { street: '', locality: '', region: '', postalCode: '', country: '' },
  phone: '',
  whatsapp: '',
  email: '',
  hours: Object.fromEntries(WEEKDAYS.map((day) => [day, closed])) as SiteSettings['hours'],
  social: noSocial,
  mapLink: '',
  defaultTitle: 'Bangalore Homes & Interiors: Construction, Interiors & Wooden Carving',
  defaultDescription:
    'One Bangalore team for construction, interior design and hand-carved woodwork. Bundled services save 15-20%; over 5,000 clients served.',
  shareImage: '',
};

const nineToEight = { opens: '09:00', closes: '20:00' };

/** The demo content's details: the values the site showed before they could be edited. */
export const DEMO_SITE_SETTINGS: SiteSettings = {
  ...DEFAULT_SITE_SETTINGS,
  address: {
    street: '12, 100 Feet Road, HAL 2nd Stage, Indiranagar',
    locality: 'Bangalore',
    region: 'Karnataka',
    postalCode: '560038',
    country: 'IN',
  },
  phone: '+91 80 4123 4567',
  whatsapp: '+91 80 4123 4567',
  email: 'hello@example.com',
  hours: {
    monday: nineToEight,
    tuesday: nineToEight,
    wednesday: nineToEight,
    thursday: nineToEight,
    friday: nineToEight,
    saturday: nineToEight,
    sunday: closed,
  },
  social: {
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    youtube: 'https://www.youtube.com/',
    twitter: 'https://twitter.com/',
    linkedin: 'https://www.linkedin.com/',
  },
  mapLink: 'https://www.openstreetmap.org/search?query=Indiranagar%2C%20Bangalore',
};

/** The address on one line, as the footer and contact page show it ("street, city postcode"). */
export function addressLine(settings: SiteSettings): string {
  const { street, locality, postalCode } = settings.address;
  const place = [locality, postalCode].filter(Boolean).join(' ');
  return [street, place].filter(Boolean).join(', ');
}

/** tel: link of a phone number as written: its digits, with the leading + kept. */
export function telHref(phoneNumber: string): string {
  return `tel:${phoneNumber.trim().startsWith('+') ? '+' : ''}${digitsOf(phoneNumber)}`;
}

/** The WhatsApp chat link with a prefilled message naming the page the visitor is on. */
export function whatsappHref(number: string, message: string): string {
  return `https://wa.me/${digitsOf(number)}?text=${encodeURIComponent(message)}`;
}

/** The filled-in social links, in the site's order. */
export function socialLinks(settings: SiteSettings): { network: SocialNetwork; label: string; href: string }[] {
  return SOCIAL_NETWORKS.filter((network) => settings.social[network]).map((network) => ({
    network,
    label: SOCIAL_LABELS[network],
    href: settings.social[network],
  }));
}

const SHORT_DAYS: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** "09:00" → "9AM", "20:30" → "8:30PM". */
function clock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 ? 'AM' : 'PM'}`;
}

/** Days open at the same hours, grouped: each run of days with its hours, e.g. "Mon-Sat: 9AM - 8PM". */
export function openingHoursText(settings: SiteSettings): string[] {
  const runs: { from: Weekday; to: Weekday; opens: string; closes: string }[] = [];
  for (const day of WEEKDAYS) {
    const { opens, closes } = settings.hours[day];
    if (!opens) continue;
    const last = runs.at(-1);
    const previous = WEEKDAYS[WEEKDAYS.indexOf(day) - 1];
    if (last && last.to === previous && last.opens === opens && last.closes === closes) last.to = day;
    else runs.push({ from: day, to: day, opens, closes });
  }
  return runs.map(
    (run) => `${SHORT_DAYS[run.from]}${run.from === run.to ? '' : `-${SHORT_DAYS[run.to]}`}: ${clock(run.opens)} - ${clock(run.closes)}`,
  );
}
