/** The toast area (top right, 3 s), mounted only by the pages that toast so other pages skip its code. */
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../../../shared/copy/public';

export function ToastArea() {
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />;
}
