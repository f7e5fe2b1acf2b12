/**
 * Media library (docs/decisions/0048): every stored image once, as a grid of thumbnails, searched, filtered by use and
 * sorted a page at a time on the server (the view lives in the query, `image` the one opened); several selected to tag
 * or delete; one opened to describe, see where it is used and delete; many uploaded at once.
 */
import { useState, type FormEvent } from 'react';
import { Link, redirect, useFetcher, useLoaderData, useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { pageCountOf } from '../../../shared/admin-list';
import { listCopy, mediaCopy as copy, TOAST_LONG_MS } from '../../../shared/copy/admin';
import {
  MEDIA_LIMITS,
  MEDIA_SORTS,
  MEDIA_USED_FILTERS,
  MEDIA_WHERE,
  mediaInUseReply,
  type MediaEntry,
  type MediaUse,
} from '../../../shared/media';
import { AdminDataView } from '../../components/admin/admin-data';
import { btn, card, input } from '../../components/admin/classes';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { FilterSelect, SelectBox, ServerListControls, ServerListSearch, ServerPager } from '../../components/admin/list-controls';
import { MediaCardFacts, MediaThumb } from '../../components/admin/media-card';
import { MediaDetails, MediaUsesList, type MediaDetailChanges } from '../../components/admin/media-details';
import { MediaUploads } from '../../components/admin/media-uploads';
import { EmptyState, PageHeader } from '../../components/admin/ui';
import { useServerListView } from '../../components/admin/use-server-list-view';
import { ApiError, apiJson } from '../../lib/admin/api';
import {
  mediaListPath,
  mediaNameOf,
  mediaViewOf,
  mediaViewParams,
  mediaWhereChoices,
  withTag,
  type MediaEntryReply,
  type MediaListReply,
  type MediaSavedReply,
} from '../../lib/admin/media-view';
import { choiceOf } from '../../lib/admin/list-query';
import { loadReply, runBatch, runWrite, submitted, useWritten, type Written } from '../../lib/admin/screen-data';
import type { Route } from './+types/media-library';

const SCREEN = '/admin/media';
/** The query parameter of the image opened over the grid. */
const OPENED = 'image';

/** How every fetcher of the screen sends its intent to the action. */
const AS_JSON = { method: 'post', encType: 'application/json' } as const;

const mediaPath = (id: string) => `/media/${encodeURIComponent(id)}`;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const view = mediaViewOf(url.searchParams);
  const openedId = url.searchParams.get(OPENED);
  const [media, opened] = await Promise.all([
    loadReply<MediaListReply>(mediaListPath(view), copy.fetchFailed, copy.network),
    openedId ? loadReply<MediaEntryReply>(mediaPath(openedId), copy.fetchFailed, copy.network) : null,
  ]);
  // a page left empty by a delete or a narrower view: the last page that has images
  const pages = media.reply ? pageCountOf(media.reply.data.total, media.reply.data.pageSize) : 1;
  if (view.page > pages) url.searchParams.set('page', String(pages));
  // the opened image is gone (deleted in its dialog, or an old link): the address no longer names it
  if (opened?.error !== undefined) url.searchParams.delete(OPENED);
  if (url.search !== new URL(request.url).search) return redirect(`${url.pathname}?${url.searchParams}`);
  return { view, media, opened };
}

/** A type, not an interface: fetchers send it as JSON, which only types with known keys are. */
type ImageNamed = { id: string; name: string };
/** An image whose delete was refused, with where it is used (the 409's `uses`). */
type RefusedImage = ImageNamed & { uses: MediaUse[] };
interface DeleteOutcome {
  deleted: number;
  refused: RefusedImage[];
  failed: number;
}

type MediaIntent =
  | { intent: 'save'; id: string; changes: MediaDetailChanges }
  | { intent: 'tag'; tag: string; images: { id: string; tags: string[] }[] }
  | { intent: 'delete'; images: ImageNamed[] };

/** Deletes each image; one in use is refused with its uses and the rest go on. Throws only when none went and none was refused. */
async function deleteImages(images: readonly ImageNamed[]): Promise<DeleteOutcome> {
  const outcome: DeleteOutcome = { deleted: 0, refused: [], failed: 0 };
  let firstFailure: unknown;
  for (const image of images) {
    try {
      await apiJson(mediaPath(image.id), { method: 'DELETE', fallback: copy.deleteFailed('') });
      outcome.deleted += 1;
    } catch (failure) {
      const inUse = failure instanceof ApiError && failure.status === 409 ? mediaInUseReply.safeParse(failure.reply) : null;
      if (inUse?.success) outcome.refused.push({ ...image, uses: inUse.data.uses });
      else {
        outcome.failed += 1;
        firstFailure ??= failure;
      }
    }
  }
  if (outcome.deleted === 0 && outcome.refused.length === 0) throw firstFailure;
  return outcome;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const action = await submitted<MediaIntent>(request);
  const duration = TOAST_LONG_MS;
  switch (action.intent) {
    case 'save':
      return runWrite(() => apiJson<MediaSavedReply>(mediaPath(action.id), { method: 'PATCH', body: action.changes }), {
        success: (saved) => copy.saved(saved.data.name),
        failure: copy.saveFailed,
        fallback: '',
        duration,
      });
    case 'tag':
      return runBatch(
        action.images.map(
          ({ id, tags }) =>
            () =>
              apiJson(mediaPath(id), { method: 'PATCH', body: { tags: withTag(tags, action.tag) } }),
        ),
        { parallel: 4, done: (count) => copy.tagged(action.tag, count), failed: copy.tagFailed, duration },
      );
    case 'delete': {
      const written = await runWrite(() => deleteImages(action.images), {
        // a refusal is shown on the screen with the uses, not as a success
        success: (outcome) => (outcome.deleted > 0 ? copy.deleted(outcome.deleted) : ''),
        failure: copy.deleteFailed,
        fallback: '',
        duration,
      });
      if (written.ok && written.reply.failed > 0) toast.error(copy.notDeleted(written.reply.failed), { duration });
      return written;
    }
  }
}

function MediaCard({ entry, selected, openTo, onSelect }: { entry: MediaEntry; selected: boolean; openTo: string; onSelect: () => void }) {
  const factsId = `media-facts-${entry.id}`;
  return (
    <li className={`${card} relative overflow-hidden ${selected ? 'ring-2 ring-brand' : ''}`}>
      {/* the thumbnail opens the image; a screen reader names it by its alt text and reads its facts after */}
      <Link
        to={openTo}
        preventScrollReset
        aria-describedby={factsId}
        className="block focus:outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2"
      >
        <MediaThumb entry={entry} alt={entry.alt || mediaNameOf(entry)} />
      </Link>
      <span className="absolute left-2 top-2 rounded bg-white/90 p-1 leading-none shadow">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-dark"
          checked={selected}
          onChange={onSelect}
          aria-label={listCopy.selectRow(mediaNameOf(entry))}
        />
      </span>
      <MediaCardFacts entry={entry} id={factsId} />
    </li>
  );
}

/** The images a delete left because they are in use, each with where (shown over the grid until dismissed). */
function RefusedPanel({ refused, onDismiss }: { refused: readonly RefusedImage[]; onDismiss: () => void }) {
  return (
    <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-medium">{copy.refusedTitle(refused.length)}</p>
      <p className="mb-2">{copy.refusedHint}</p>
      <ul className="space-y-2">
        {refused.map((image) => (
          <li key={image.id}>
            <p className="font-medium text-gray-900">{image.name}</p>
            <MediaUsesList uses={image.uses} />
          </li>
        ))}
      </ul>
      <button type="button" className={`${btn.secondary} mt-3`} onClick={onDismiss}>
        {copy.dismiss}
      </button>
    </div>
  );
}

export default function MediaLibrary() {
  const { view, media, opened } = useLoaderData<typeof clientLoader>();
  const list = useServerListView(view, { screen: SCREEN, viewOf: mediaViewOf, queryOf: mediaViewParams, opened: OPENED });
  const { asked, loading } = list;
  const revalidator = useRevalidator();

  const reply = media.reply?.data;
  const items = reply?.items ?? [];
  const total = reply?.total ?? 0;
  const libraryEmpty = reply !== undefined && total === 0 && !view.q && view.used === 'all' && !view.where;

  // the selection belongs to the page of the view it was made on
  const viewKey = `${mediaViewParams(view)}`;
  const [selection, setSelection] = useState<{ key: string; ids: string[] }>({ key: viewKey, ids: [] });
  const selectedIds = selection.key === viewKey ? selection.ids : [];
  const selected = items.filter((entry) => selectedIds.includes(entry.id));
  const select = (ids: string[]) => setSelection({ key: viewKey, ids });
  const toggle = (id: string) => select(selectedIds.includes(id) ? selectedIds.filter((kept) => kept !== id) : [...selectedIds, id]);
  const pageSelection = selected.length === 0 ? 'none' : selected.length === items.length ? 'all' : 'some';
  const [tagText, setTagText] = useState('');

  const open = list.openedId && opened?.reply?.data.id === list.openedId ? opened.reply.data : null;
  const openTo = (id: string) => {
    const next = mediaViewParams(view);
    next.set(OPENED, id);
    return `?${next}`;
  };
  const close = list.closeOpened;

  const saveFetcher = useFetcher<Written<MediaSavedReply>>();
  const tagFetcher = useFetcher<Written<{ done: number }>>();
  const deleteFetcher = useFetcher<Written<DeleteOutcome>>();
  const busy = saveFetcher.state !== 'idle' || tagFetcher.state !== 'idle' || deleteFetcher.state !== 'idle';

  const [confirming, setConfirming] = useState<ImageNamed[] | null>(null);
  const [refused, setRefused] = useState<RefusedImage[]>([]);
  useWritten(deleteFetcher.data, (outcome) => {
    setConfirming(null);
    if (!outcome.ok) return;
    setRefused(outcome.reply.refused);
    select([]);
  });
  useWritten(tagFetcher.data, (outcome) => {
    if (!outcome.ok) return;
    setTagText('');
    select([]);
  });

  const addTag = (event: FormEvent) => {
    event.preventDefault();
    const tag = tagText.trim();
    if (tag)
      void tagFetcher.submit({ intent: 'tag', tag, images: selected.map(({ id, tags }) => ({ id, tags })) } satisfies MediaIntent, AS_JSON);
  };
  const openRefusal = open ? (refused.find((image) => image.id === open.id)?.uses ?? null) : null;

  const grid = (
    <>
      <ul aria-label={copy.gridLabel} aria-busy={loading} className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
        {items.map((entry) => (
          <MediaCard
            key={entry.id}
            entry={entry}
            selected={selectedIds.includes(entry.id)}
            openTo={openTo(entry.id)}
            onSelect={() => toggle(entry.id)}
          />
        ))}
      </ul>
      <ServerPager list={list} total={total} pageSize={reply?.pageSize ?? 1} shown={items.length} count={copy.showing} />
    </>
  );

  return (
    <div>
      <PageHeader title={copy.title} subtitle={reply ? copy.subtitle(total) : undefined} />
      <MediaUploads onUploaded={() => void revalidator.revalidate()} />

      {libraryEmpty ? null : (
        <ServerListControls>
          <ServerListSearch
            id="media-search"
            label={copy.search}
            placeholder={copy.searchPlaceholder}
            maxLength={MEDIA_LIMITS.query}
            search={list.search}
          />
          <FilterSelect
            id="media-used-filter"
            label={copy.usedFilter}
            value={asked.used}
            choices={MEDIA_USED_FILTERS.map((used) => [used, copy.usedChoices[used]] as const)}
            onChoose={(used) => list.show({ used: choiceOf(MEDIA_USED_FILTERS, used, 'all') })}
          />
          <FilterSelect
            id="media-where-filter"
            label={copy.whereFilter}
            value={asked.where}
            all={copy.whereAll}
            choices={mediaWhereChoices}
            onChoose={(where) => list.show({ where: choiceOf(MEDIA_WHERE, where, '') })}
          />
          <FilterSelect
            id="media-sort"
            label={copy.sortLabel}
            value={asked.sort}
            choices={MEDIA_SORTS.map((sort) => [sort, copy.sorts[sort]] as const)}
            onChoose={(sort) => list.show({ sort: choiceOf(MEDIA_SORTS, sort, 'newest') })}
          />
        </ServerListControls>
      )}

      {refused.length > 0 && !open ? <RefusedPanel refused={refused} onDismiss={() => setRefused([])} /> : null}

      {items.length > 0 ? (
        <div
          role="region"
          aria-label={listCopy.bulkActions}
          className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-sm"
        >
          <label className="flex items-center gap-2 text-gray-800">
            <SelectBox state={pageSelection} onChange={() => select(pageSelection === 'all' ? [] : items.map((entry) => entry.id))} />
            {listCopy.selectAll}
          </label>
          {selected.length > 0 ? (
            <>
              <span className="font-medium text-gray-800" aria-live="polite">
                {listCopy.selected(selected.length)}
              </span>
              <form onSubmit={addTag} className="flex items-center gap-2">
                <input
                  className={`${input} w-40 py-1.5`}
                  aria-label={copy.tagToAdd}
                  value={tagText}
                  maxLength={MEDIA_LIMITS.tag}
                  onChange={(event) => setTagText(event.currentTarget.value)}
                />
                <button type="submit" className={`${btn.secondary} whitespace-nowrap`} disabled={busy || !tagText.trim()}>
                  {copy.addTag}
                </button>
              </form>
              <button
                type="button"
                className={btn.danger}
                disabled={busy}
                onClick={() => setConfirming(selected.map((entry) => ({ id: entry.id, name: mediaNameOf(entry) })))}
              >
                {listCopy.deleteSelected}
              </button>
              <button type="button" className={btn.secondary} onClick={() => select([])}>
                {listCopy.clearSelection}
              </button>
            </>
          ) : null}
        </div>
      ) : null}

      <AdminDataView loaded={media}>
        {() =>
          libraryEmpty ? (
            <EmptyState message={copy.empty}>
              <p className="text-sm text-gray-600">{copy.emptyHint}</p>
            </EmptyState>
          ) : items.length === 0 ? (
            <EmptyState message={copy.noMatch} />
          ) : (
            grid
          )
        }
      </AdminDataView>

      {open && !confirming ? (
        <MediaDetails
          key={open.id}
          entry={open}
          busy={busy}
          refused={openRefusal}
          onSave={(changes) => void saveFetcher.submit({ intent: 'save', id: open.id, changes } satisfies MediaIntent, AS_JSON)}
          onDelete={() => setConfirming([{ id: open.id, name: open.name }])}
          onReplaced={(replaced) => {
            toast.success(copy.replaced(replaced.name), { duration: TOAST_LONG_MS });
            // the dialog and the grid show the new file (its thumbnail, dimensions and size)
            void revalidator.revalidate();
          }}
          onClose={close}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          message={confirming.length === 1 ? copy.confirmDelete(confirming[0].name) : copy.confirmBulkDelete(confirming.length)}
          confirmLabel={copy.delete}
          busy={deleteFetcher.state !== 'idle'}
          onConfirm={() => void deleteFetcher.submit({ intent: 'delete', images: confirming } satisfies MediaIntent, AS_JSON)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
