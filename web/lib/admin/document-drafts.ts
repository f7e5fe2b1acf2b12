/**
 * Drafts of the two documents, the About content and the Site settings (docs/decisions/0039): read the newest draft,
 * save one, publish it, discard it, schedule it (0042): the one action and the autosave both editors write with. `path` is the
 * document's API path (`/site-settings`, `/about-content`). Each write names the revision its editor stands on
 * (`Base-Revision`, docs/decisions/0044) and answers the document's revision after it.
 */
import { TOAST_SHORT_MS, draftCopy, scheduleCopy } from '../../../shared/copy/admin';
import type { EditConflict } from '../../../shared/edit-conflicts';
import type { FetcherWithComponents } from 'react-router';
import type { ScheduleReply } from '../../../shared/schedules';
import type { z } from '../../../shared/zod';
import { ApiError, apiJson, baseRevision } from './api';
import { loadReply, runWrite, type Written } from './screen-data';

interface DraftReply {
  data: { number: number; value: Record<string, unknown> } | null;
  revision: string;
}

interface DraftWritten {
  data: { number: number | null; revision: string };
}

/**
 * The newest draft newer than the live document, read as `schema` says (null when there is none, or it cannot be read),
 * and the document's revision now (undefined when it could not be read: the editor's saves are then not checked).
 */
export async function loadDocumentDraft<T>(path: string, schema: z.ZodType<T>): Promise<{ draft: T | null; revision?: string }> {
  // read as every screen's data is (loadReply): signed out, nothing is asked, so the layout can send the visit to the login
  // a draft that cannot be read is no reason to refuse the screen: the live document stays the form's start
  const loaded = await loadReply<DraftReply>(`${path}/draft`, '');
  const revision = loaded.reply?.revision;
  if (!loaded.reply?.data) return { draft: null, revision };
  const parsed = schema.safeParse(loaded.reply.data.value);
  return { draft: parsed.success ? parsed.data : null, revision };
}

/**
 * Saves `value` as the document's draft (`autosave`: over the newest draft, in place); visitors see no change. Refused
 * (ApiError with `conflict`) when the document moved on from `revision`; answers the revision after it.
 */
async function saveDocumentDraft(path: string, value: unknown, autosave = false, revision?: string): Promise<string> {
  const reply = await apiJson<DraftWritten>(`${path}/draft${autosave ? '?autosave=true' : ''}`, {
    method: 'PUT',
    body: value,
    headers: baseRevision(revision),
    fallback: draftCopy.failed(''),
  });
  return reply.data.revision;
}

/** Saves `value` as the draft and publishes it, each on the revision before it; answers the revision after. */
async function publishDocument(path: string, value: unknown, revision?: string): Promise<string> {
  const drafted = await saveDocumentDraft(path, value, false, revision);
  const reply = await apiJson<DraftWritten>(`${path}/publish`, {
    method: 'POST',
    headers: baseRevision(drafted),
    fallback: draftCopy.publishFailed(''),
  });
  return reply.data.revision;
}

/** An editor's write of its document (docs/decisions/0039): Save (live at once), Save draft (visitors see no change) or Publish. */
export interface DocumentIntent<T> {
  intent: 'save' | 'draft' | 'publish';
  value: T;
  /** The revision the form stands on (docs/decisions/0044); left out when unknown, the write is then not checked. */
  revision?: string;
}

/** Discard draft: the draft goes, the editor opens the live document again. */
export interface DiscardIntent {
  intent: 'discard';
}

/** Sends Discard draft through the screen's fetcher to its action (documentAction). */
export function submitDiscard(fetcher: FetcherWithComponents<unknown>): void {
  const body: DiscardIntent = { intent: 'discard' };
  void fetcher.submit({ ...body }, { method: 'put', encType: 'application/json' });
}

/** The draft's Publish at (docs/decisions/0042), on the site's clock; null clears it. */
export interface ScheduleIntent {
  intent: 'schedule';
  publishAt: string | null;
}

/**
 * A write's reply: the document as it now stands (the live one after a save, publish or discard, the draft after Save
 * draft) and its revision.
 */
export interface DocumentSaved<T> {
  success: true;
  message: string;
  data: T;
  revision: string;
}

/** Which document an editor writes: its API path, its name in messages, a save's success and failure texts. */
interface DocumentTarget {
  path: string;
  name: string;
  saved: string;
  saveFailed: string;
}

/** Someone else's change is shown in the conflict dialog, not as a failure toast. */
const toastUnlessConflict = (failure: unknown) => !(failure instanceof ApiError && failure.conflict);

/** The one action of both document editors (About content, Site settings): each intent's write, its toast and its outcome. */
export async function documentAction<T>(
  body: DocumentIntent<T> | DiscardIntent | ScheduleIntent,
  target: DocumentTarget,
): Promise<Written<DocumentSaved<T>> | Written<ScheduleReply>> {
  const { path, name } = target;
  if (body.intent === 'discard')
    return runWrite(
      async (): Promise<DocumentSaved<T>> => {
        const discarded = await apiJson<DraftWritten>(`${path}/draft`, { method: 'DELETE', fallback: draftCopy.failed('') });
        // the form goes back to what visitors see
        const live = await apiJson<{ data: T }>(path);
        return { success: true, message: draftCopy.discarded(name), data: live.data, revision: discarded.data.revision };
      },
      { success: (reply) => reply.message, failure: draftCopy.failed, duration: TOAST_SHORT_MS },
    );
  if (body.intent === 'schedule') {
    const times = { publishAt: body.publishAt };
    return runWrite(() => apiJson<ScheduleReply>(`${path}/schedule`, { method: 'PUT', body: times }), {
      success: () => (body.publishAt ? scheduleCopy.saved(name) : scheduleCopy.cleared(name)),
      failure: scheduleCopy.failed,
      duration: TOAST_SHORT_MS,
    });
  }
  const { intent, value, revision } = body;
  if (intent === 'draft')
    return runWrite(
      async (): Promise<DocumentSaved<T>> => {
        const saved = await saveDocumentDraft(path, value, false, revision);
        return { success: true, message: draftCopy.draftSaved, data: value, revision: saved };
      },
      { success: (reply) => reply.message, failure: draftCopy.failed, failureToast: toastUnlessConflict, duration: TOAST_SHORT_MS },
    );
  if (intent === 'publish')
    return runWrite(
      async (): Promise<DocumentSaved<T>> => {
        const published = await publishDocument(path, value, revision);
        const live = await apiJson<{ data: T }>(path);
        return { success: true, message: draftCopy.published(name), data: live.data, revision: published };
      },
      { success: (reply) => reply.message, failure: draftCopy.publishFailed, failureToast: toastUnlessConflict, duration: TOAST_SHORT_MS },
    );
  return runWrite(
    () =>
      apiJson<DocumentSaved<T>>(path, {
        method: 'PUT',
        body: value,
        headers: baseRevision(revision),
        fallback: target.saveFailed,
      }),
    {
      success: (reply) => reply.message || target.saved,
      fallback: target.saveFailed,
      failureToast: toastUnlessConflict,
      duration: TOAST_SHORT_MS,
    },
  );
}

/**
 * One autosave of the document's draft (over the newest draft, in place): `revision` moves on to the draft's. Someone
 * else's change since stops it ('stopped') and goes to `onConflict`, for the dialog; any other failure is thrown.
 */
export async function autosaveDocument(
  path: string,
  value: unknown,
  revision: { current: string | undefined },
  onConflict: (met: EditConflict) => void,
): Promise<'saved' | 'stopped'> {
  try {
    revision.current = await saveDocumentDraft(path, value, true, revision.current);
    return 'saved';
  } catch (error) {
    if (!(error instanceof ApiError && error.conflict)) throw error;
    onConflict(error.conflict);
    return 'stopped';
  }
}
