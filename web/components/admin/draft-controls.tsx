/**
 * What a resource form adds for drafts (docs/decisions/0039): Save draft, Unpublish and Discard draft beside its
 * save button, and the quiet autosave line; and the state mark of a list row.
 */
import { draftCopy } from '../../../shared/copy/admin';
import type { ContentState } from '../../../shared/drafts';
import type { AutosaveStatus } from './use-draft-autosave';
import { btn } from './classes';
import { Badge } from './ui';

interface DraftButtonsProps {
  busy: boolean;
  /** The item is published (Unpublish is offered). */
  published: boolean;
  /** A draft newer than the published state exists (Discard draft is offered). */
  changed: boolean;
  onSaveDraft: () => void;
  /** Absent for a new item, or where the screen does not offer them. */
  onUnpublish?: () => void;
  onDiscard?: () => void;
}

export function DraftButtons({ busy, published, changed, onSaveDraft, onUnpublish, onDiscard }: DraftButtonsProps) {
  return (
    <>
      {onUnpublish && published ? (
        <button type="button" className={btn.secondary} onClick={onUnpublish} disabled={busy}>
          {draftCopy.unpublish}
        </button>
      ) : null}
      {onDiscard && published && changed ? (
        <button type="button" className={btn.secondary} onClick={onDiscard} disabled={busy}>
          {draftCopy.discard}
        </button>
      ) : null}
      <button type="button" className={btn.secondary} onClick={onSaveDraft} disabled={busy}>
        {draftCopy.saveDraft}
      </button>
    </>
  );
}

const AUTOSAVE_TEXT: Record<AutosaveStatus, string> = {
  idle: '',
  saving: draftCopy.autosaving,
  saved: draftCopy.autosaved,
  failed: draftCopy.autosaveFailed,
};

/** The autosave's state, read out politely (never a toast: it is not something the editor did). */
export function AutosaveLine({ status }: { status: AutosaveStatus }) {
  return (
    <p className="min-h-5 text-sm text-gray-700 md:col-span-2" role="status" aria-live="polite">
      {AUTOSAVE_TEXT[status]}
    </p>
  );
}

const STATE_TONES = { published: 'green', changed: 'blue', draft: 'orange', scheduled: 'gray' } as const;

/** An item's publishing state in a list row. */
export function StateMark({ state }: { state: ContentState }) {
  return <Badge tone={STATE_TONES[state]}>{draftCopy.states[state]}</Badge>;
}
