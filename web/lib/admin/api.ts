/**
 * The admin's API client: every call rides on the session cookie, with the same-origin header. A 401 (the
 * session ended) waits for the sign-in dialog and sends the call again: the guard refused it before it did anything.
 */
import { commonCopy } from '../../../shared/copy/admin';
import type { DraftWrittenReply } from '../../../shared/drafts';
import { BASE_REVISION_HEADER, editConflictSchema, type EditConflict } from '../../../shared/edit-conflicts';
import type { PreviewLinkReply } from '../../../shared/preview-links';
import type { LivePreviewRequest } from '../../../shared/live-preview';
import type { ItemSchedule, ScheduleReply } from '../../../shared/schedules';
import type { ErrorReply, MessageReply } from '../../../shared/replies';
import type { ListEnvelope, ResourceDef } from '../../../shared/resources';
import { SAME_ORIGIN_HEADERS } from './auth';
import { signedInAgain } from './session-state';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: string[] = [],
    /** A save refused because the item changed since it was opened (409, docs/decisions/0044): who, when, their values. */
    readonly conflict?: EditConflict,
    /** The whole reply, for a refusal that says more than its message (a used image's 409 lists its uses, decision 0048). */
    readonly reply: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

/** Any reply's body as read before its type is known: the shared envelope's fields (shared/replies.ts), when there. */
type ReplyBody = Partial<Omit<ErrorReply, 'success'>> & { success?: boolean } & Record<string, unknown>;

function parseBody(text: string): ReplyBody {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as ReplyBody) : {};
  } catch {
    return {};
  }
}

function failure(status: number, body: ReplyBody, fallback: string): ApiError {
  const conflict = editConflictSchema.safeParse(body.conflict);
  return new ApiError(
    typeof body.message === 'string' && body.message ? body.message : fallback,
    status,
    body.errors ?? [],
    conflict.success ? conflict.data : undefined,
    body,
  );
}

/** The header a save sends the revision its editor opened in (none when unknown: the save is then not checked). */
export const baseRevision = (revision: string | undefined): Record<string, string> =>
  revision === undefined ? {} : { [BASE_REVISION_HEADER]: revision };

/** JSON call to /api; throws ApiError with the server's message (or `fallback`). */
export async function apiJson<T = ReplyBody>(
  path: string,
  options: { method?: string; body?: unknown; fallback?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...SAME_ORIGIN_HEADERS, ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(commonCopy.networkError, 0);
  }
  if (response.status === 401) {
    await signedInAgain();
    return apiJson<T>(path, options);
  }
  const body = parseBody(await response.text());
  if (!response.ok || body.success === false) throw failure(response.status, body, options.fallback ?? commonCopy.somethingWrong);
  return body as T;
}

/** The public page of a form's item with its unsaved values (POST /api/preview), as HTML. */
export async function previewPage(body: LivePreviewRequest, signal: AbortSignal): Promise<string> {
  const response = await fetch('/api/preview', {
    method: 'POST',
    headers: { ...SAME_ORIGIN_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw failure(response.status, parseBody(text), commonCopy.somethingWrong);
  return text;
}

/** Unwraps a list reply by the resource's envelope. */
export function unwrapList<T>(body: unknown, envelope: ListEnvelope): T[] {
  if (envelope === 'array') return Array.isArray(body) ? (body as T[]) : [];
  const value = (body as Record<string, unknown> | null)?.[envelope];
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Every record the admin manages (hidden ones too, each with `hidden` and `position`), in the public order. */
export async function listRecords<T>(def: ResourceDef, fallback?: string): Promise<T[]> {
  return unwrapList<T>(await apiJson<unknown>(`/${def.path}/manage`, { fallback }), def.listEnvelope);
}

/** Shows or hides a record on the public site. */
export async function setVisibility(def: ResourceDef, id: string, hidden: boolean): Promise<void> {
  await apiJson(`/${def.path}/${encodeURIComponent(id)}/visibility`, { method: 'PATCH', body: { hidden } });
}

/** Saves the whole order of a resource's records (every id, first first). */
export async function saveOrder(def: ResourceDef, ids: string[]): Promise<void> {
  await apiJson(`/${def.path}/order`, { method: 'PUT', body: { ids } });
}

/** Brings an item back from the trash (`resource`: its resource key, or `enquiries`). */
export async function restoreFromTrash(resource: string, id: string): Promise<void> {
  await apiJson(`/trash/${encodeURIComponent(resource)}/${encodeURIComponent(id)}/restore`, { method: 'POST' });
}

export async function deleteForever(resource: string, id: string): Promise<void> {
  await apiJson(`/trash/${encodeURIComponent(resource)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * Publishes an item: its newest draft, or the item as it is when it was unpublished (docs/decisions/0039); with the
 * `revision` its editor last saved, refused when someone else saved since (0044).
 */
export async function publishItem(def: ResourceDef, id: string, revision?: string): Promise<DraftWrittenReply> {
  return apiJson<DraftWrittenReply>(`/${def.path}/${encodeURIComponent(id)}/publish`, { method: 'POST', headers: baseRevision(revision) });
}

/** Takes an item off the public site; it stays in the admin as a draft. */
export async function unpublishItem(def: ResourceDef, id: string): Promise<DraftWrittenReply> {
  return apiJson<DraftWrittenReply>(`/${def.path}/${encodeURIComponent(id)}/unpublish`, { method: 'POST' });
}

/**
 * A signed link anyone may open to see a draft on its public page (docs/decisions/0043, 0045); `owner` is the draft's
 * API path: an item's (`/clients/<id>`) or a document's (`/about-content`, `/site-settings`).
 */
export async function makePreviewLink(owner: string): Promise<PreviewLinkReply> {
  return apiJson<PreviewLinkReply>(`${owner}/preview-link`, { method: 'POST' });
}

/** Sets (or, with nulls, clears) an item's Publish at and Unpublish at times. */
export async function scheduleItem(def: ResourceDef, id: string, times: ItemSchedule): Promise<ScheduleReply> {
  return apiJson<ScheduleReply>(`/${def.path}/${encodeURIComponent(id)}/schedule`, { method: 'PUT', body: times });
}

/** Throws away the drafts newer than the published state. */
export async function discardDraft(def: ResourceDef, id: string): Promise<DraftWrittenReply> {
  return apiJson<DraftWrittenReply>(`/${def.path}/${encodeURIComponent(id)}/draft`, { method: 'DELETE' });
}

/** Moves a record to the trash. */
export async function deleteRecord(def: ResourceDef, id: string, fallback?: string): Promise<MessageReply> {
  return apiJson<MessageReply>(`/${def.path}/${encodeURIComponent(id)}`, { method: 'DELETE', fallback });
}

/** Multipart upload with progress (fetch has no upload progress, XMLHttpRequest does). */
export function sendMultipart<T = ReplyBody>(
  method: string,
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  fallback?: string,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    for (const [name, value] of Object.entries({ ...SAME_ORIGIN_HEADERS, ...headers })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 401) {
        signedInAgain()
          .then(() => sendMultipart<T>(method, path, form, onProgress, fallback, headers))
          .then(resolve, reject);
        return;
      }
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body.success !== false) resolve(body as T);
      else reject(failure(xhr.status, body, fallback ?? commonCopy.somethingWrong));
    };
    xhr.onerror = () => reject(new ApiError(commonCopy.networkError, 0));
    xhr.send(form);
  });
}

/** The message to show for a failed call: every validation message, else the main one. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.errors.length > 1 ? error.errors.join(' ') : error.message || fallback;
  return fallback;
}

/**
 * Downloads a file from /api through fetch (the cookie carries the session): reads it as it
 * arrives, reporting the bytes so far, then saves it under the name the server gave. Returns that name.
 */
export async function downloadFile(
  path: string,
  onProgress: (receivedBytes: number) => void,
  messages: { fallback: string; cutShort: string },
  extraHeaders: Record<string, string> = {},
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: { ...SAME_ORIGIN_HEADERS, ...extraHeaders }, cache: 'no-store' });
  } catch {
    throw new ApiError(commonCopy.networkError, 0);
  }
  if (response.status === 401) {
    await signedInAgain();
    return downloadFile(path, onProgress, messages, extraHeaders);
  }
  if (!response.ok || !response.body) throw failure(response.status, parseBody(await response.text()), messages.fallback);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body.getReader();
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks.push(part.value);
      received += part.value.length;
      onProgress(received);
    }
  } catch {
    // the server ends the stream abruptly when the archive fails midway: never save a partial file
    throw new ApiError(messages.cutShort, 0);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  const url = URL.createObjectURL(new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file once the click is handled; the object URL can go a little later
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}
