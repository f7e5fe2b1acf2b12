/**
 * The view of a list the server pages (the inbox, the media library: decision 0023's "Lists the server pages"), as
 * its address's query holds it: each parameter read with a fallback for anything unknown, and written only when it
 * differs from that fallback, so the plain address is the plain view. The search is `q` and the page `page` in each.
 */
import { isOneOf } from '../../../shared/narrow';

/** What a server-paged list's view has, whatever its filters. */
export type ServerListView = Readonly<Record<string, string | number>> & { q: string; page: number };

/** One of a list of choices, or the fallback for anything else (a filter's select, the query). */
export function choiceOf<const C extends string, const F extends string>(choices: readonly C[], text: string, fallback: F): C | F {
  return isOneOf(choices, text) ? text : fallback;
}

/** Reads a view's parameters from a query ('' for one that is absent). */
export function queryReader(params: URLSearchParams) {
  const text = (name: string) => params.get(name) ?? '';
  const page = Number(params.get('page'));
  return {
    text,
    /** The search, without the spaces around it. */
    q: text('q').trim(),
    choice: <const C extends string, const F extends string>(name: string, choices: readonly C[], fallback: F) =>
      choiceOf(choices, text(name), fallback),
    /** A whole number of 2 or more; anything else is the first page. */
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query of a view: every value but a blank, the first page and the given fallbacks, in the view's order. */
export function viewQuery(view: ServerListView, fallbacks: Readonly<Record<string, string>> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(view))
    if (value !== '' && value !== fallbacks[name] && !(name === 'page' && value === 1)) params.set(name, String(value));
  return params;
}
