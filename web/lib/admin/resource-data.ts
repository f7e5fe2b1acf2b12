/**
 * The content resource screens' reads and writes (decision 0033): the route's `clientLoader` reads the list (handed
 * to the screen un-awaited, so its skeleton shows meanwhile), and every change but the form's upload is a fetcher's
 * submission to the route's `clientAction`, which calls the API through `runWrite` (the toasts the screens always showed).
 */
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { toast } from 'sonner';
import { draftCopy, lifecycleCopy, listCopy, scheduleCopy } from '../../../shared/copy/admin';
import type { ManagedRecord, ManageListReply } from '../../../shared/resource-replies';
import type { ItemSchedule } from '../../../shared/schedules';
import { resourceAtPath, resources, type ResourceDef, type ResourceKey, type ScreenCopy } from '../../../shared/resources';
import { deleteRecord, discardDraft, restoreFromTrash, saveOrder, scheduleItem, setVisibility, unpublishItem, unwrapList } from './api';
import { signedInAccount } from './auth';
import { loadReply, runBatch, runWrite, submitted, type Loaded } from './screen-data';

/** What a resource screen's loader and action need to know of it. */
export interface ResourceScreenData {
  resourceKey: ResourceKey;
  copy: ScreenCopy;
  toastMs: number;
}

/** What a resource screen's fetchers send to its action. */
export type ResourceIntent =
  | { intent: 'delete'; id: string }
  | { intent: 'restore'; id: string }
  | { intent: 'visibility'; id: string; name: string; hidden: boolean }
  | { intent: 'order'; ids: string[] }
  | { intent: 'bulk-visibility'; ids: string[]; hidden: boolean }
  | { intent: 'bulk-delete'; ids: string[] }
  | { intent: 'unpublish'; id: string; name: string }
  | { intent: 'discard-draft'; id: string; name: string }
  | ({ intent: 'schedule'; id: string; name: string } & ItemSchedule);

/** Deletes at once in a bulk delete: each also removes image files, so a few at a time. */
const BULK_DELETE_PARALLEL = 4;

type Reasoned = ScreenCopy['deleteFailed'];
/** A failure's text: the copy's own wording of the server's reason, or the server's reason, else the copy's text. */
export const withReason = (copy: Reasoned) => (reason: string) => (typeof copy === 'string' ? reason || copy : copy(reason));

/** The generic screen's data, from the resource whose screen is at `pathname`. */
export function definedScreenAt(pathname: string): ResourceScreenData | null {
  const key = resourceAtPath(resources, pathname);
  const def: ResourceDef | undefined = key ? resources[key] : undefined;
  const screen = def?.admin.screen;
  return key && screen ? { resourceKey: key, copy: screen.copy, toastMs: screen.toastMs } : null;
}

/** Every record of the resource, hidden ones too; a failure is the message to show beside Try again, and a toast. */
async function readList({ resourceKey, copy, toastMs }: ResourceScreenData): Promise<Loaded<ManagedRecord[]>> {
  const def = resources[resourceKey];
  // signed out: the layout sends the visit to the login, with no toast on the way
  if (!(await signedInAccount().catch(() => null))) return { error: copy.fetchFailed };
  const loaded = await loadReply<ManageListReply>(`/${def.path}/manage`, copy.fetchFailed);
  if (loaded.error === undefined) return { reply: unwrapList<ManagedRecord>(loaded.reply, def.listEnvelope) };
  // the spec's toast for a failed list (its own wording on some screens)
  toast.error(copy.loadFailed ?? copy.fetchFailed, { duration: toastMs });
  return { error: loaded.error === copy.fetchFailed ? copy.fetchFailed : `${copy.fetchFailed} ${loaded.error}` };
}

/** The loader's data: the list, not awaited (the screen shows its skeleton until it comes). */
export function resourceLoaderData(screen: ResourceScreenData | null) {
  const none: Promise<Loaded<ManagedRecord[]>> = Promise.resolve({ reply: [] });
  return { list: screen ? readList(screen) : none };
}

export type ResourceLoaderData = ReturnType<typeof resourceLoaderData>;

/** Runs one submitted change of a resource screen; its toasts are the screen's own. */
export async function resourceAction(screen: ResourceScreenData | null, request: Request) {
  if (!screen) return null;
  const { resourceKey, copy, toastMs: duration } = screen;
  const def = resources[resourceKey];
  const body = await submitted<ResourceIntent>(request);
  switch (body.intent) {
    case 'delete':
      return runWrite(() => deleteRecord(def, body.id), {
        success: () => copy.deleted,
        failure: withReason(copy.deleteFailed),
        fallback: '',
        duration,
        // the item is in the trash: Undo brings it back for a few seconds (the Trash screen after that)
        undo: () => ({ screen: new URL(request.url).pathname, intent: { intent: 'restore', id: body.id }, duration: lifecycleCopy.undoMs }),
      });
    case 'restore':
      return runWrite(() => restoreFromTrash(resourceKey, body.id), {
        success: () => lifecycleCopy.restored(def.noun),
        failure: lifecycleCopy.restoreFailed,
        fallback: '',
        duration,
      });
    case 'visibility':
      return runWrite(() => setVisibility(def, body.id, body.hidden), {
        success: () => (body.hidden ? lifecycleCopy.madeHidden(body.name) : lifecycleCopy.madeShown(body.name)),
        failure: lifecycleCopy.visibilityFailed,
        fallback: '',
        duration,
      });
    case 'order':
      return runWrite(() => saveOrder(def, body.ids), {
        success: () => lifecycleCopy.orderSaved,
        failure: lifecycleCopy.orderFailed,
        fallback: '',
        duration,
      });
    case 'unpublish':
      return runWrite(() => unpublishItem(def, body.id), {
        success: () => draftCopy.unpublished(body.name),
        failure: draftCopy.publishFailed,
        fallback: '',
        duration,
      });
    case 'discard-draft':
      return runWrite(() => discardDraft(def, body.id), {
        success: () => draftCopy.discarded(body.name),
        failure: draftCopy.failed,
        fallback: '',
        duration,
      });
    case 'schedule':
      return runWrite(() => scheduleItem(def, body.id, { publishAt: body.publishAt, unpublishAt: body.unpublishAt }), {
        success: () => (body.publishAt || body.unpublishAt ? scheduleCopy.saved(body.name) : scheduleCopy.cleared(body.name)),
        failure: scheduleCopy.failed,
        fallback: '',
        duration,
      });
    case 'bulk-visibility':
      return runBatch(
        body.ids.map((id) => () => setVisibility(def, id, body.hidden)),
        { done: (count) => listCopy.bulkVisibilityDone(count, body.hidden), failed: listCopy.bulkVisibilityFailed, duration },
      );
    case 'bulk-delete':
      return runBatch(
        body.ids.map((id) => () => deleteRecord(def, id)),
        {
          parallel: BULK_DELETE_PARALLEL,
          done: (count) => listCopy.bulkDeleted(count, def.noun),
          failed: listCopy.bulkDeleteFailed,
          duration,
        },
      );
  }
}

/** A list's search, sort, filters and page (the query) are worked out from the list in hand: only a write, Try again or another screen reads it again. */
export function resourceShouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

/** The route exports of a resource screen with a route file of its own: `export const { clientLoader, … } = resourceRouteModule(screen)`. */
export function resourceRouteModule(screen: ResourceScreenData) {
  return {
    clientLoader: () => resourceLoaderData(screen),
    clientAction: ({ request }: { request: Request }) => resourceAction(screen, request),
    shouldRevalidate: resourceShouldRevalidate,
  };
}
