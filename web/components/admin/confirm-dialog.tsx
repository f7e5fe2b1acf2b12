/** The delete (or discard) confirmation: an alert dialog instead of window.confirm; Cancel has the focus. */
import { useEffect, useRef } from 'react';
import { commonCopy } from '../../../shared/copy/admin';
import { btn } from './classes';
import { Modal } from './modal';

interface ConfirmDialogProps {
  message: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  title?: string;
  cancelLabel?: string;
  /** Shown on the confirm button while busy. */
  busyLabel?: string;
}

export function ConfirmDialog({
  message,
  busy,
  onConfirm,
  onCancel,
  confirmLabel = commonCopy.delete,
  title = commonCopy.confirmTitle,
  cancelLabel = commonCopy.cancel,
  busyLabel = commonCopy.deleting,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // after the modal's showModal(), which would otherwise focus its close button: the safe answer has the focus
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" size="sm">
      <p className="text-gray-700">{message}</p>
      <div className="mt-5 flex justify-end gap-2">
        <button ref={cancelRef} type="button" className={btn.secondary} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={btn.danger} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
