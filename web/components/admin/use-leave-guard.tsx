/**
 * Asks before a changed form is left (decision 0023): a closing action inside the screen (Esc, Cancel,
 * the close button, another row's Edit), a navigation in the app (sidebar link, browser back) through
 * React Router's blocker, and closing or reloading the tab through beforeunload.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { leaveCopy } from '../../../shared/copy/admin';
import { ConfirmDialog } from './confirm-dialog';

export interface LeaveGuard {
  /** Runs `action` at once when nothing is changed, else after the admin agrees to discard the changes. */
  attempt: (action: () => void) => void;
  /** The question, while it is asked. */
  dialog: ReactNode;
}

export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const [pending, setPending] = useState<(() => void) | null>(null);
  // only a move to another screen leaves the form; the list's search, filters and page (the query) or the hash do not
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const attempt = useCallback(
    (action: () => void) => {
      if (dirty) setPending(() => action);
      else action();
    },
    [dirty],
  );

  const blocked = blocker.state === 'blocked';
  const dialog =
    pending || blocked ? (
      <ConfirmDialog
        title={leaveCopy.title}
        message={leaveCopy.message}
        confirmLabel={leaveCopy.discard}
        cancelLabel={leaveCopy.stay}
        busy={false}
        onConfirm={() => {
          if (blocked) blocker.proceed();
          const action = pending;
          setPending(null);
          action?.();
        }}
        onCancel={() => {
          if (blocked) blocker.reset();
          setPending(null);
        }}
      />
    ) : null;
  return { attempt, dialog };
}
