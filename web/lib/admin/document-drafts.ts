/**
 * Drafts of the two documents, the About content and the Site settings (docs/decisions/0039): read the newest draft,
 * save one, publish it. `path` is the document's API path (`/site-settings`, `/about-content`).
 */
import { draftCopy } from '../../../shared/copy/admin';
import type { z } from '../../../shared/zod';
import { apiJson } from './api';
import { loadReply } from './screen-data';

interface DraftReply {
  data: { number: number; value: Record<string, unknown> } | null;
}

/** The newest draft newer than the live document, read as `schema` says; null when there is none (or it cannot be read). */
export async function loadDocumentDraft<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
  // read as every screen's data is (loadReply): signed out, nothing is asked, so the layout can send the visit to the login
  // a draft that cannot be read is no reason to refuse the screen: the live document stays the form's start
  const loaded = await loadReply<DraftReply>(`${path}/draft`, '');
  if (!loaded.reply?.data) return null;
  const parsed = schema.safeParse(loaded.reply.data.value);
  return parsed.success ? parsed.data : null;
}

/** Saves `value` as the document's draft (`autosave`: over the newest draft, in place); visitors see no change. */
export async function saveDocumentDraft(path: string, value: unknown, autosave = false): Promise<void> {
  await apiJson(`${path}/draft${autosave ? '?autosave=true' : ''}`, { method: 'PUT', body: value, fallback: draftCopy.failed('') });
}

/** Saves `value` as the draft and publishes it. */
export async function publishDocument(path: string, value: unknown): Promise<void> {
  await saveDocumentDraft(path, value);
  await apiJson(`${path}/publish`, { method: 'POST', fallback: draftCopy.publishFailed('') });
}
