/**
 * The live preview and the shareable preview link of a document's form (the About content, the Site settings; issue 25,
 * docs/decisions/0045): the same pane as a content item's form, beside the form on wide screens and in its place on
 * phones, showing the page the document appears on with the form's values as they are typed. A screen wraps its form in
 * it and passes the form's values; a part of the form that keeps its own values (the About editor's card form) adds them
 * with `usePreviewPart`.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { previewCopy } from '../../../shared/copy/admin';
import { DOCUMENT_PREVIEW_PAGES, type PreviewDocument } from '../../../shared/live-preview';
import { btn } from './classes';
import { SharePreviewLink } from './draft-controls';
import { LivePreviewPane } from './live-preview';

/** Each document's API path: its preview links are made there. */
const DOCUMENT_PATHS: Record<PreviewDocument, string> = { about: '/about-content', 'site-settings': '/site-settings' };

/** What each document's pane says it shows. */
const NOTES: Record<PreviewDocument, string> = { about: previewCopy.note, 'site-settings': previewCopy.siteSettingsNote };

/** Where a part of the form tells the preview its values (as JSON: a part's values compare by their text). */
const PreviewParts = createContext<((part: string, json: string) => void) | null>(null);

/** Puts `value` at the document's key `part` in the preview (the About cards with the card form's text). */
export function usePreviewPart(part: string, value: unknown): void {
  const report = useContext(PreviewParts);
  const json = JSON.stringify(value);
  useEffect(() => report?.(part, json), [report, part, json]);
}

export function DocumentPreview({
  document,
  value,
  drafted,
  children,
}: {
  document: PreviewDocument;
  /** The document as the form holds it now (parts reported with `usePreviewPart` take their place in it). */
  value: object;
  /** A saved draft exists: a preview link of it can be made. */
  drafted: boolean;
  children: ReactNode;
}) {
  const [previewing, setPreviewing] = useState(false);
  const [parts, setParts] = useState<Record<string, string>>({});
  const report = useCallback(
    (part: string, json: string) => setParts((current) => (current[part] === json ? current : { ...current, [part]: json })),
    [],
  );
  const shown: Record<string, unknown> = { ...value };
  for (const [part, json] of Object.entries(parts)) shown[part] = JSON.parse(json);
  return (
    <div className={previewing ? 'gap-6 lg:grid lg:grid-cols-2 lg:items-start' : undefined}>
      {/* on a phone the preview takes the form's place (kept mounted: nothing typed is lost) */}
      <div className={previewing ? 'max-lg:hidden' : undefined}>
        <div className="mb-4 flex flex-wrap items-start gap-2">
          <button type="button" className={btn.secondary} aria-pressed={previewing} onClick={() => setPreviewing(!previewing)}>
            {previewing ? previewCopy.hide : previewCopy.show}
          </button>
          {drafted ? <SharePreviewLink owner={DOCUMENT_PATHS[document]} /> : null}
        </div>
        <PreviewParts.Provider value={report}>{children}</PreviewParts.Provider>
      </div>
      {previewing ? (
        <div className="lg:sticky lg:top-4">
          <LivePreviewPane
            request={{ document, value: shown }}
            page={DOCUMENT_PREVIEW_PAGES[document]}
            note={NOTES[document]}
            onHide={() => setPreviewing(false)}
          />
        </div>
      ) : null}
    </div>
  );
}
