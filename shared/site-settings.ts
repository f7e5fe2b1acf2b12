/**
 * The company's own details, edited on the admin's Site settings screen (PUT /api/site-settings) and
 * read by every public page: header, footer, contact page, page titles, share image and JSON-LD.
 * No zod here: public pages import this module (the schema is in ./site-settings-schema).
 */
import { recordOf } from './narrow';
import type { SiteSettingsTranslations } from './translations';
import { languageDef, type Language } from './languages';

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
  /** A part the Site settings screen always sends is missing or of the wrong kind (a script calling the API). */
  missing: (label: string) => `${label} is missing or not valid`,
  phoneInvalid:
    'Phone must be a phone number that can be dialled, e.g. 080 4123 4567 or +91 98450 12345 (without a country code it is read as Indian)',
  whatsappInvalid:
    'WhatsApp number must be a phone number that can be dialled, e.g. 98450 12345 or +44 7700 900123 (without a country code it is read as Indian)',
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

/** The opening and closing time of a day ("HH:MM"); both empty: closed. */
export interface DayHours {
  opens: string;
  closes: string;
}

/** The Site settings document (checked by siteSettingsSchema in ./site-settings-schema). */
export interface SiteSettings {
  companyName: string;
  address: { street: string; locality: string; region: string; postalCode: string; country: string };
  phone: string;
  whatsapp: string;
  email: string;
  hours: Record<Weekday, DayHours>;
  social: Record<SocialNetwork, string>;
  mapLink: string;
  defaultTitle: string;
  defaultDescription: string;
  shareImage: string;
  /** The default title and description and the address's words in the other languages (docs/decisions/0049); none: English. */
  translations?: SiteSettingsTranslations;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

const closed = { opens: '', closes: '' };
const noSocial = recordOf(SOCIAL_NETWORKS, () => '');

/** What a site that never saved its settings shows (DEMO_CONTENT=false): the name and nothing invented. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  companyName: 'Bangalore Homes & Interiors',
  address: { street: '', locality: '', region: '', postalCode: '', country: '' },
  phone: '',
  whatsapp: '',
  email: '',
  hours: recordOf(WEEKDAYS, () => closed),
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
  phone: '+918041234567',
  whatsapp: '+918041234567',
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
  mapLink: '',
};

/** The map link the demo once saved: it named Indiranagar whatever the address, so a stored one is read as empty (the address's own map). */
export const OLD_DEMO_MAP_LINK = 'https://www.openstreetmap.org/search?query=Indiranagar%2C%20Bangalore';

/** The address on one line, as the footer and contact page show it ("street, city postcode"). */
export function addressLine(settings: SiteSettings): string {
  const { street, locality, postalCode } = settings.address;
  const place = [locality, postalCode].filter(Boolean).join(' ');
  return [street, place].filter(Boolean).join(', ');
}

/** Where the map link leads: the Site settings' own, or else the address searched on OpenStreetMap ('' with no address). */
export function mapHref(settings: SiteSettings): string {
  if (settings.mapLink) return settings.mapLink;
  const { street, locality, postalCode, country } = settings.address;
  const query = [street, [locality, postalCode].filter(Boolean).join(' '), country].filter(Boolean).join(', ');
  return street || locality ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : '';
}

/** tel: link of a phone number in international form (the server normalises them): its digits, with the leading + kept. */
export function telHref(phoneNumber: string): string {
  return `tel:${phoneNumber.trim().startsWith('+') ? '+' : ''}${digitsOf(phoneNumber)}`;
}

/** The WhatsApp chat link (wa.me wants the number with its country code, digits only) with a prefilled message naming the page the visitor is on. */
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

/** "09:00" → "9AM", "20:30" → "8:30PM". */
function twelveHour(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Days open at the same hours, grouped: each run of days with its hours, e.g. "Mon-Sat: 9AM - 8PM"; in another
 * language (docs/decisions/0049) its copy's day names (`copy.options.weekday`) and its clock. Not through Intl: making a
 * kn-IN date formatter in the browser took about 100 ms of a Kannada page's hydration.
 */
export function openingHoursText(settings: SiteSettings, language: Language, days: Readonly<Record<Weekday, string>>): string[] {
  const time = languageDef(language).clock === '12-hour' ? twelveHour : (stored: string) => stored;
  const runs: { from: Weekday; to: Weekday; opens: string; closes: string }[] = [];
  for (const day of WEEKDAYS) {
    const { opens, closes } = settings.hours[day];
    if (!opens) continue;
    const last = runs.at(-1);
    const previous = WEEKDAYS[WEEKDAYS.indexOf(day) - 1];
    if (last && last.to === previous && last.opens === opens && last.closes === closes) last.to = day;
    else runs.push({ from: day, to: day, opens, closes });
  }
  return runs.map((run) => `${days[run.from]}${run.from === run.to ? '' : `-${days[run.to]}`}: ${time(run.opens)} - ${time(run.closes)}`);
}
