/** A delete toast's Undo: a write like any other, sent to its screen's action (the toast may outlive the screen). */
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import { lifecycleCopy } from '../../../shared/copy/admin';

export function UndoButton({ toastId, screen, intent }: { toastId: string; screen: string; intent: Record<string, string> }) {
  // a fetcher finishes its write even when its toast is gone
  const fetcher = useFetcher();
  return (
    <button
      type="button"
      // sonner's own action button look
      data-button="true"
      onClick={() => {
        void fetcher.submit(intent, { method: 'post', action: screen, encType: 'application/json' });
        toast.dismiss(toastId);
      }}
    >
      {lifecycleCopy.undo}
    </button>
  );
}
