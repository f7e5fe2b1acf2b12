/**
 * The live preview of a form (issue 25): the public page its values show on (an item's, or a document's: About, or the
 * home page for the Site settings), rendered by the server with the values as they are typed (POST /api/preview), in
 * the public site's own layout and styles. Beside the form on
 * wide screens, instead of it on phones (the form stays mounted, so nothing typed is lost). Renders go one at a time,
 * each with the latest values, so the preview follows typing without a fixed delay. The page shows in the language
 * chosen above it (docs/decisions/0049): the Kannada page with the form's Kannada values, English where one is blank.
 */
import { useEffect, useRef, useState } from 'react';
import { previewCopy } from '../../../shared/copy/admin';
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type Language } from '../../../shared/languages';
import type { LivePreviewRequest } from '../../../shared/live-preview';
import { errorText, previewPage } from '../../lib/admin/api';
import { btn } from './classes';

export function LivePreviewPane({
  request,
  page,
  note = previewCopy.note,
  onHide,
}: {
  request: LivePreviewRequest;
  page: string;
  /** What the pane shows, under its title. */
  note?: string;
  onHide: () => void;
}) {
  // the first render loads the frame; the next ones only swap its body (no new document, styles kept, place kept)
  const [html, setHtml] = useState<string | null>(null);
  const loaded = useRef(false);
  const [error, setError] = useState('');
  const frame = useRef<HTMLIFrameElement>(null);
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  const shownLanguage = useRef<Language | undefined>(undefined);
  const body = JSON.stringify({ ...request, language });
  // the form as it is now, and whether a render is on its way: one at a time, the latest values next (no fixed delay)
  const latest = useRef(body);
  const sending = useRef<AbortController | null>(null);

  useEffect(() => {
    latest.current = body;
    if (sending.current) return; // the render on its way asks again when it is back
    const controller = new AbortController();
    sending.current = controller;
    void (async () => {
      for (let asked = ''; asked !== latest.current && !controller.signal.aborted;) {
        asked = latest.current;
        try {
          const sent = JSON.parse(asked) as LivePreviewRequest;
          const next = await previewPage(sent, controller.signal);
          const shown = frame.current?.contentDocument;
          if (loaded.current && shown?.body && shownLanguage.current === sent.language) {
            // parsed, not run: nothing in it executes (and the frame's sandbox allows no script anyway)
            const parsed = new DOMParser().parseFromString(next, 'text/html');
            shown.body.replaceWith(shown.adoptNode(parsed.body));
          } else {
            // another language: a document of its own (its lang, its title, its font)
            shownLanguage.current = sent.language;
            loaded.current = false;
            setHtml(next);
          }
          setError('');
        } catch (failure) {
          if (!controller.signal.aborted) setError(errorText(failure, previewCopy.failed));
        }
      }
      if (sending.current === controller) sending.current = null;
    })();
  }, [body]);
  // closed: the render on its way is not wanted
  useEffect(
    () => () => {
      sending.current?.abort();
      sending.current = null;
    },
    [],
  );

  return (
    <section aria-label={previewCopy.title} className="flex min-h-0 flex-col rounded-lg border border-gray-200" data-live-preview>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-3 py-2">
        <div>
          <h3 className="text-sm font-semibold text-gray-900">{previewCopy.title}</h3>
          <p className="text-xs text-gray-700">{note}</p>
        </div>
        <div className="flex items-center gap-2">
          <div role="group" aria-label={previewCopy.language} className="flex">
            {LANGUAGES.map(({ code, name }) => (
              <button
                key={code}
                type="button"
                aria-pressed={language === code}
                onClick={() => setLanguage(code)}
                className={`${btn.secondary} first:rounded-r-none last:rounded-l-none aria-pressed:bg-gray-800 aria-pressed:text-white aria-pressed:hover:bg-gray-700`}
              >
                {name}
              </button>
            ))}
          </div>
          <button type="button" className={btn.secondary} onClick={onHide}>
            {previewCopy.hide}
          </button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="m-3 rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {html === null && !error ? <p className="p-3 text-sm text-gray-700">{previewCopy.loading}</p> : null}
      {/* no scripts run in it, and nothing in it reaches the admin: a picture of the page, links and all */}
      <iframe
        ref={frame}
        title={previewCopy.frameTitle(localizedPath(page, language))}
        sandbox="allow-same-origin"
        srcDoc={html ?? ''}
        hidden={html === null}
        // the empty frame loads too: only a page counts
        onLoad={() => (loaded.current = html !== null)}
        className="h-[70vh] w-full rounded-b-lg"
      />
    </section>
  );
}
