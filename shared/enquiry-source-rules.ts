/**
 * Where an enquiry came from (issue 26, docs/decisions/0035-enquiry-sources.md): the fields, their
 * limits and the tidying both sides share. No zod here: the public pages use it (shared/contact-rules.ts).
 */

/** The source fields of an enquiry, as the API's body and reply name them and the forms' hidden fields carry them. */
export const SOURCE_FIELDS = ['sourcePage', 'utmSource', 'utmMedium', 'utmCampaign', 'referrerHost'] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];
export type EnquirySource = Partial<Record<SourceField, string>>;

export const SOURCE_LIMITS = { sourcePage: 300, utm: 100, referrerHost: 253 } as const;

/** The landing page's query parameters a visit carries from page to page (the campaign, and the referring host once it is known). */
const CARRIED_PARAMS = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  referrerHost: 'ref_host',
} as const;

const HOST_PATTERN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A referring site's host as stored: lowercase, no port, no trailing dot; null when it is not a host name. */
export function hostName(value: string): string | null {
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  return HOST_PATTERN.test(host) ? host : null;
}

/** A page of this site as stored: a path starting with one slash, without query or fragment; null for anything else. */
export function sitePath(value: string): string | null {
  const path = value.trim().split(/[?#]/)[0];
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (!path.startsWith('/') || path.startsWith('//') || path.length > SOURCE_LIMITS.sourcePage || /[\u0000-\u001f\u007f\s\\]/.test(path))
    return null;
  return path;
}

/** A campaign value as stored: trimmed, control characters out, cut to the limit; null when nothing is left. */
function campaignValue(value: string): string | null {
  const text = value
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, SOURCE_LIMITS.utm)
    .trim();
  return text || null;
}

/**
 * The source of a visit as the browser knows it on a page: the campaign and referring host carried in the
 * page's address (from the landing page), else the referring site's host when the visitor arrived from
 * another site; the page itself is the path.
 */
export function visitSource(pageUrl: URL, referrer: string): EnquirySource {
  const source: EnquirySource = {};
  const page = sitePath(pageUrl.pathname);
  if (page) source.sourcePage = page;
  for (const field of ['utmSource', 'utmMedium', 'utmCampaign'] as const) {
    const value = campaignValue(pageUrl.searchParams.get(CARRIED_PARAMS[field]) ?? '');
    if (value) source[field] = value;
  }
  const carriedHost = hostName(pageUrl.searchParams.get(CARRIED_PARAMS.referrerHost) ?? '');
  const referrerHost = carriedHost ?? externalHost(referrer, pageUrl.host);
  if (referrerHost) source.referrerHost = referrerHost;
  return source;
}

/** The host of a referrer from another site; null for none, our own site or a referrer that is no http(s) URL. */
function externalHost(referrer: string, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (!/^https?:$/.test(url.protocol) || url.host === ownHost) return null;
    return hostName(url.hostname);
  } catch {
    return null;
  }
}

/** The query parameters that carry a visit's campaign and referring host to the next page (none for a direct visit). */
export function carriedQuery(source: EnquirySource): [string, string][] {
  const carried: [string, string][] = [];
  for (const field of ['utmSource', 'utmMedium', 'utmCampaign', 'referrerHost'] as const) {
    const value = source[field];
    if (value) carried.push([CARRIED_PARAMS[field], value]);
  }
  return carried;
}

/** How the inbox names where an enquiry came from: the campaign source, else the referring host, else "direct". */
export const DIRECT_SOURCE = 'direct';

/**
 * The source of a form posted as a page (without JavaScript, or before its script ran): the hidden fields when the
 * browser filled them; else the page from the Referer's path only, and the campaign and referring host from the
 * query the form was posted to (the page's own address, as a form without `action` posts).
 */
export function postedSource(field: (name: SourceField) => unknown, postedTo: URL, referer: string | null): EnquirySource {
  const source: EnquirySource = {};
  for (const name of SOURCE_FIELDS) {
    const value = field(name);
    if (typeof value === 'string' && value.trim()) source[name] = value;
  }
  if (Object.keys(source).length > 0) return source;
  const fromAddress = visitSource(postedTo, '');
  delete fromAddress.sourcePage;
  const page = refererPath(referer);
  return page ? { ...fromAddress, sourcePage: page } : fromAddress;
}

function refererPath(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return sitePath(new URL(referer).pathname);
  } catch {
    return null;
  }
}
