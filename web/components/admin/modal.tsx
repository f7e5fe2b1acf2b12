/** An accessible modal on the native <dialog> (focus trap and Escape come with it). */
import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { commonCopy } from '../../../shared/copy/admin';

interface ModalProps {
  title: string;
  /** Esc and the close button; without it the dialog stays until its own buttons end it. */
  onClose?: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'lg';
}

export function Modal({ title, onClose, children, role = 'dialog', size = 'lg' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs before the dialog opens, when nothing in it can take focus
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${size === 'sm' ? 'max-w-md' : 'max-w-2xl has-[[data-live-preview]]:lg:max-w-7xl'} max-h-[90vh] overflow-y-auto rounded-xl bg-white p-0 text-gray-900 shadow-2xl backdrop:bg-black/50`}
    >
      <div className="sticky top-0 z-10 flex items-center justify-between border-b border-gray-200 bg-white px-5 py-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {onClose ? (
          <button type="button" onClick={onClose} aria-label={commonCopy.close} className="rounded p-1 text-gray-600 hover:bg-gray-100">
            <X className="h-5 w-5" aria-hidden />
          </button>
        ) : null}
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
