/** The delete confirmation: an alert dialog instead of window.confirm. */
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
}

export function ConfirmDialog({
  message,
  busy,
  onConfirm,
  onCancel,
  confirmLabel = commonCopy.delete,
  title = commonCopy.confirmTitle,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" size="sm">
      <p className="text-gray-700">{message}</p>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={btn.secondary} onClick={onCancel} autoFocus>
          {commonCopy.cancel}
        </button>
        <button type="button" className={btn.danger} onClick={onConfirm} disabled={busy}>
          {busy ? commonCopy.deleting : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
