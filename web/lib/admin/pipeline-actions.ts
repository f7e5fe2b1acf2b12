/**
 * The enquiry pipeline's writes (docs/decisions/0040), run by the clientAction of each screen that shows
 * an enquiry (the inbox and the board), and its reads for their loaders: the accounts an enquiry may be
 * assigned to, and the notes of the message opened.
 */
import type { InboxStatusReply, MessageStatus } from '../../../shared/contact-inbox';
import { messagesCopy, pipelineCopy as copy } from '../../../shared/copy/admin';
import type { NoteReply, NotesReply, OwnersReply, Stage } from '../../../shared/enquiry-pipeline';
import { apiJson } from './api';
import { loadReply, runWrite } from './screen-data';

export type PipelineAction =
  | { intent: 'status'; id: string; status: MessageStatus }
  | { intent: 'stage'; id: string; stage: Stage; lostReason?: string }
  | { intent: 'owner'; id: string; ownerId: string | null }
  | { intent: 'follow-up'; id: string; followUpOn: string | null }
  | { intent: 'note'; id: string; text: string };

const PIPELINE_INTENTS: readonly string[] = ['status', 'stage', 'owner', 'follow-up', 'note'];

/** Whether a screen's submitted action is the pipeline's. */
export const isPipelineAction = (action: { intent: string }): action is PipelineAction => PIPELINE_INTENTS.includes(action.intent);

/** One write of an enquiry (its inbox status, or its place in the pipeline); its outcome shows as a toast. */
export function runPipelineAction(action: PipelineAction) {
  const path = `/user/${encodeURIComponent(action.id)}`;
  const put = (what: string, body: object) =>
    runWrite(() => apiJson<InboxStatusReply>(`${path}/${what}`, { method: 'PUT', body, fallback: copy.changeFailed }), {
      success: (reply) => reply.message,
      fallback: copy.changeFailed,
    });
  switch (action.intent) {
    case 'status':
      return runWrite(
        () => apiJson<InboxStatusReply>(path, { method: 'PATCH', body: { status: action.status }, fallback: messagesCopy.statusFailed }),
        { success: (reply) => messagesCopy.statusChanged(reply.data.status), fallback: messagesCopy.statusFailed },
      );
    case 'stage':
      return put('stage', { stage: action.stage, ...(action.stage === 'Lost' ? { lostReason: action.lostReason ?? '' } : {}) });
    case 'owner':
      return put('owner', { ownerId: action.ownerId });
    case 'follow-up':
      return put('follow-up', { followUpOn: action.followUpOn });
    case 'note':
      return runWrite(
        () => apiJson<NoteReply>(`${path}/notes`, { method: 'POST', body: { text: action.text }, fallback: copy.changeFailed }),
        {
          success: (reply) => reply.message,
          fallback: copy.changeFailed,
        },
      );
  }
}

/** The accounts an enquiry may be assigned to (the owner select and filter). */
export const loadOwners = () => loadReply<OwnersReply>('/user/owners', copy.ownersFailed);

/** The notes of the message opened (none opened: null). */
export const loadNotes = (id: string | null) =>
  id ? loadReply<NotesReply>(`/user/${encodeURIComponent(id)}/notes`, copy.notesFailed) : null;
