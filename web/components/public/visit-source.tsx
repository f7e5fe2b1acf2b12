/**
 * Where a visit came from, carried from page to page without cookies or storage (docs/decisions/0035-enquiry-sources.md):
 * the landing page's campaign (utm_*) and the referring site's host ride in the query of the visit's next internal link,
 * added as the link is followed, so every page's HTML stays the same for everyone; the forms send them in hidden fields.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { SOURCE_FIELDS, carriedQuery, visitSource, type EnquirySource } from '../../../shared/enquiry-source-rules';

let visit: EnquirySource | null = null;

/** This document's visit source, read once from the address it loaded with (a filter that rewrites the query later keeps it). */
export function currentVisit(): EnquirySource {
  if (typeof window === 'undefined') return {};
  visit ??= visitSource(new URL(window.location.href), document.referrer);
  return visit;
}

/** Paths that are not public pages: a link to them carries nothing. */
const NOT_PAGES = /^\/(admin|api|uploads|assets)(\/|$)/;

/** Adds the visit's campaign and referring host to a link to another public page, as it is followed (click, middle click, context menu). */
function carryOn(event: MouseEvent) {
  const carried = carriedQuery(currentVisit());
  if (carried.length === 0) return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || NOT_PAGES.test(url.pathname)) return;
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
  let changed = false;
  for (const [name, value] of carried) {
    if (url.searchParams.has(name)) continue;
    url.searchParams.set(name, value);
    changed = true;
  }
  if (changed) link.href = url.href;
}

/** Installs the carrying of the visit's source on every link of the page (the public frame renders it once). */
export function CarryVisitSource() {
  useEffect(() => {
    currentVisit();
    // capture: the address is changed before the browser follows the link
    for (const type of ['click', 'auxclick', 'contextmenu'] as const) document.addEventListener(type, carryOn, true);
    return () => {
      for (const type of ['click', 'auxclick', 'contextmenu'] as const) document.removeEventListener(type, carryOn, true);
    };
  }, []);
  return null;
}

const NONE: EnquirySource = {};
const unchanging = () => () => {};

/**
 * A form's hidden source fields: empty in the HTML every visitor shares (the server's and the page cache's), filled from the
 * browser's address as the page hydrates; a form posted before that (or without JavaScript) leaves the server the Referer.
 */
export function SourceFields() {
  const source = useSyncExternalStore(unchanging, currentVisit, () => NONE);
  return (
    <>
      {SOURCE_FIELDS.map((field) => (
        <input key={field} type="hidden" name={field} value={source[field] ?? ''} />
      ))}
    </>
  );
}
