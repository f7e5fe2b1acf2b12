/**
 * Drafts of the two documents, the About content and the Site settings (docs/decisions/0039): read the newest draft,
 * save one, publish it. `path` is the document's API path (`/site-settings`, `/about-content`). Each write names the
 * revision its editor stands on (`Base-Revision`, docs/decisions/0044) and answers the document's revision after it.
 */
import { draftCopy } from '../../../shared/copy/admin';
import type { z } from '../../../shared/zod';
import { apiJson, baseRevision } from './api';
import { loadReply } from './screen-data';

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
export async function saveDocumentDraft(path: string, value: unknown, autosave = false, revision?: string): Promise<string> {
  const reply = await apiJson<DraftWritten>(`${path}/draft${autosave ? '?autosave=true' : ''}`, {
    method: 'PUT',
    body: value,
    headers: baseRevision(revision),
    fallback: draftCopy.failed(''),
  });
  return reply.data.revision;
}

/** Saves `value` as the draft and publishes it, each on the revision before it; answers the revision after. */
export async function publishDocument(path: string, value: unknown, revision?: string): Promise<string> {
  const drafted = await saveDocumentDraft(path, value, false, revision);
  const reply = await apiJson<DraftWritten>(`${path}/publish`, {
    method: 'POST',
    headers: baseRevision(drafted),
    fallback: draftCopy.publishFailed(''),
  });
  return reply.data.revision;
}
