/**
 * Choosing library images in an image field (issue 27 step 2, docs/decisions/0048): the "Choose from library" dialog
 * (search, a page of thumbnails, pages, an upload that goes into the library and is chosen), and the library entries of
 * a form's images, read once, whose alt text and focal point a use follows until it sets its own.
 */
import { Check, Library, Search, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { commonCopy, mediaCopy as libraryCopy, mediaPickerCopy as copy } from '../../../shared/copy/admin';
import { MEDIA_LIMITS, type MediaEntry } from '../../../shared/media';
import { apiJson, errorText } from '../../lib/admin/api';
import { mediaByUrlPath, mediaListPath, mediaNameOf, renditionOf, type MediaListReply } from '../../lib/admin/media-view';
import { btn, input, label as labelClass } from './classes';
import { ServerPager } from './list-controls';
import { MediaCardFacts, MediaThumb } from './media-card';
import { MediaUploads } from './media-uploads';
import { Modal } from './modal';
import { FieldError, Spinner, Thumb } from './ui';

/** Thumbnails on one page of the dialog: four rows of a laptop's grid. */
const CHOOSER_PAGE_SIZE = 24;
const SEARCH_DELAY_MS = 300;

/** The library entries a form knows of, by URL: those of the images it opened with, and each one chosen since. */
export interface MediaEntries {
  entryOf: (url: string) => MediaEntry | undefined;
  add: (entries: readonly MediaEntry[]) => void;
}

/** Reads the entries of `urls` (the form's images as it opens) in one request; a failure leaves them unknown (no hints). */
export function useMediaEntries(urls: readonly string[]): MediaEntries {
  const [entries, setEntries] = useState<ReadonlyMap<string, MediaEntry>>(new Map());
  // once, as the form opens: an image chosen later comes with its entry
  const [path] = useState(() => mediaByUrlPath(urls));
  const add = useCallback((more: readonly MediaEntry[]) => {
    if (more.length > 0) setEntries((known) => new Map([...known, ...more.map((entry): [string, MediaEntry] => [entry.url, entry])]));
  }, []);
  useEffect(() => {
    if (!path) return;
    let live = true;
    apiJson<MediaListReply>(path).then(
      (reply) => {
        const asked = new URLSearchParams(path.slice(path.indexOf('?'))).getAll('url');
        if (live) add(reply.data.items.filter((entry) => asked.includes(entry.url)));
      },
      // the hints are a help: the field works without them
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [path, add]);
  return { entryOf: useCallback((url: string) => entries.get(url), [entries]), add };
}

interface MediaChooserProps {
  /** Several may be chosen (a field of several images), else the first one pressed is chosen. */
  multiple: boolean;
  /** The images the field has already: not offered again. */
  taken?: readonly string[];
  onChoose: (entries: MediaEntry[]) => void;
  onClose: () => void;
}

/** A page as read for a query (`key`): the images, or why not. */
type Page = { key: string } & ({ state: 'failed'; message: string } | { state: 'ready'; items: MediaEntry[]; total: number });

/** The "Choose from library" dialog. */
function MediaChooser({ multiple, taken = [], onChoose, onClose }: MediaChooserProps) {
  const id = useId();
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [page, setPage] = useState<Page | null>(null);
  const [chosen, setChosen] = useState<MediaEntry[]>([]);
  const [attempt, setAttempt] = useState(0);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);

  // the page asked for (a retry asks again); the one shown stays until it comes
  const path = mediaListPath({ q: query.q, used: 'all', where: '', sort: 'newest', page: query.page }, CHOOSER_PAGE_SIZE);
  const key = `${attempt} ${path}`;
  useEffect(() => {
    let live = true;
    apiJson<MediaListReply>(path).then(
      (reply) => live && setPage({ key, state: 'ready', items: reply.data.items, total: reply.data.total }),
      (failure: unknown) => live && setPage({ key, state: 'failed', message: errorText(failure, copy.loadFailed) }),
    );
    return () => {
      live = false;
    };
  }, [path, key]);

  const typeSearch = (text: string) => {
    setSearchText(text);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => setQuery({ q: text.trim(), page: 1 }), SEARCH_DELAY_MS);
  };
  const press = (entry: MediaEntry) => {
    if (!multiple) return onChoose([entry]);
    setChosen((all) => (all.some((one) => one.id === entry.id) ? all.filter((one) => one.id !== entry.id) : [...all, entry]));
  };

  const loading = page?.key !== key;
  return (
    <Modal title={copy.title} onClose={onClose}>
      <div className="mb-3">
        <label htmlFor={`${id}-search`} className="sr-only">
          {copy.search}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-gray-500" aria-hidden />
          <input
            id={`${id}-search`}
            type="search"
            data-autofocus
            className={`${input} pl-9`}
            placeholder={copy.search}
            value={searchText}
            maxLength={MEDIA_LIMITS.query}
            onChange={(event) => typeSearch(event.currentTarget.value)}
          />
        </div>
      </div>

      {page === null ? (
        <Spinner />
      ) : page.state === 'failed' ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p>{page.message}</p>
          <button type="button" className={`${btn.secondary} mt-2`} onClick={() => setAttempt((n) => n + 1)}>
            {commonCopy.tryAgain}
          </button>
        </div>
      ) : page.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-700">{query.q ? copy.noMatch : copy.noImages}</p>
      ) : (
        <>
          <ul aria-label={copy.gridLabel} aria-busy={loading} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
            {page.items.map((entry) => {
              const factsId = `${id}-facts-${entry.id}`;
              const already = taken.includes(entry.url);
              const isChosen = chosen.some((one) => one.id === entry.id);
              return (
                <li
                  key={entry.id}
                  className={`relative overflow-hidden rounded-lg border bg-white ${isChosen ? 'border-brand ring-2 ring-brand' : 'border-gray-200'}`}
                >
                  {/* named by the image's alt text (its name when it has none), described by its facts */}
                  <button
                    type="button"
                    aria-label={entry.alt || mediaNameOf(entry)}
                    aria-describedby={already ? `${factsId} ${id}-taken` : factsId}
                    aria-pressed={multiple ? isChosen : undefined}
                    disabled={already}
                    className="block w-full disabled:cursor-not-allowed disabled:opacity-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand"
                    onClick={() => press(entry)}
                  >
                    <MediaThumb entry={entry} alt="" />
                  </button>
                  {isChosen ? (
                    <span className="absolute right-2 top-2 rounded-full bg-brand-dark p-1 text-white shadow" aria-hidden>
                      <Check className="h-4 w-4" />
                    </span>
                  ) : null}
                  <MediaCardFacts entry={entry} id={factsId} />
                </li>
              );
            })}
          </ul>
          <span id={`${id}-taken`} className="sr-only">
            {copy.alreadyAdded}
          </span>
          <ServerPager
            list={{ page: query.page, loading, toPage: (to) => setQuery({ ...query, page: to }) }}
            total={page.total}
            pageSize={CHOOSER_PAGE_SIZE}
            shown={page.items.length}
            count={libraryCopy.showing}
          />
        </>
      )}

      {multiple ? (
        <div className="mt-3 flex justify-end">
          <button type="button" className={btn.primary} disabled={chosen.length === 0} onClick={() => onChoose(chosen)}>
            <Library className="h-4 w-4" aria-hidden />
            {copy.chooseMany(chosen.length)}
          </button>
        </div>
      ) : null}

      <div className="mt-5 border-t border-gray-200 pt-4">
        <p className="mb-2 text-xs text-gray-600">{copy.uploadNewHint}</p>
        <MediaUploads
          title={copy.uploadNew}
          single={!multiple}
          // what went up is chosen, with any thumbnails pressed before
          onUploaded={(uploaded) => {
            if (uploaded.length > 0) onChoose([...chosen, ...uploaded.filter((entry) => !taken.includes(entry.url))]);
          }}
        />
      </div>
    </Modal>
  );
}

/** The "Choose from library" button of an image field, with the dialog it opens. */
export function ChooseFromLibrary({
  id,
  multiple = false,
  taken,
  onChoose,
  disabled,
}: {
  id?: string;
  multiple?: boolean;
  taken?: readonly string[];
  onChoose: (entries: MediaEntry[]) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button id={id} type="button" className={btn.secondary} disabled={disabled} onClick={() => setOpen(true)}>
        <Library className="h-4 w-4" aria-hidden />
        {copy.choose}
      </button>
      {/* outside the field's form: Enter in its search box must not save the form */}
      {open
        ? createPortal(
            <MediaChooser
              multiple={multiple}
              taken={taken}
              onChoose={(entries) => {
                setOpen(false);
                onChoose(entries);
              }}
              onClose={() => setOpen(false)}
            />,
            document.body,
          )
        : null}
    </>
  );
}

/**
 * A document's image field (About's hero image, Site settings' share image): its URL is chosen from the library (or
 * uploaded into it in the dialog) and can be removed; `id` is its Choose button's, which a refused save focuses.
 */
export function LibraryImageField({
  id,
  label,
  value,
  hint,
  error,
  library,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  hint?: string;
  error?: string;
  library: MediaEntries;
  onChange: (url: string) => void;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={described}>
      <span id={`${id}-label`} className={labelClass}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <Thumb src={renditionOf(value)} alt={library.entryOf(value)?.alt || commonCopy.currentImage} className="h-20 w-28" />
        ) : (
          <p className="text-sm text-gray-700">{copy.noImage}</p>
        )}
        <ChooseFromLibrary
          id={id}
          onChoose={([entry]) => {
            if (!entry) return;
            library.add([entry]);
            onChange(entry.url);
          }}
        />
        {value ? (
          <button type="button" className={btn.secondary} onClick={() => onChange('')}>
            <X className="h-4 w-4" aria-hidden />
            {commonCopy.removeImage}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
