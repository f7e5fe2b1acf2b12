/**
 * Autosave of a draft while a form is edited (docs/decisions/0039): `save` runs `draftCopy.autosaveMs` after the last
 * change of `signature` (the form's values as text), only while `enabled`, never two at once; the status it reports
 * is shown quietly under the form.
 */
import { useEffect, useRef, useState } from 'react';
import { draftCopy } from '../../../shared/copy/admin';

/** `stopped`: someone else changed the item since it was opened; autosave waits for the editor's choice (docs/decisions/0044). */
export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'stopped';

export function useDraftAutosave(signature: string, enabled: boolean, save: () => Promise<'saved' | 'failed' | 'stopped'>): AutosaveStatus {
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const running = useRef(false);
  const latest = useRef(save);
  // the newest form values' save, for a timer set by an earlier render
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      // a save still on its way: this change waits for it
      if (running.current) {
        timer = setTimeout(attempt, draftCopy.autosaveMs);
        return;
      }
      running.current = true;
      setStatus('saving');
      void latest.current().then(
        (outcome) => {
          running.current = false;
          setStatus(outcome);
        },
        () => {
          running.current = false;
          setStatus('failed');
        },
      );
    };
    timer = setTimeout(attempt, draftCopy.autosaveMs);
    return () => clearTimeout(timer);
  }, [signature, enabled]);
  return status;
}
