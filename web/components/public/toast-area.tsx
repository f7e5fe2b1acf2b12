/**
 * The public pages' toasts: `toast.success` / `toast.error`, shown top right for 3 s by the
 * ToastArea of the page that toasts. Our own few lines instead of sonner (10 KiB on the page).
 */
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '../../../shared/public-behaviour';
import { usePublicCopy } from './page-context';

interface Toast {
  id: number;
  text: string;
  ok: boolean;
}

let shown: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const NONE: Toast[] = [];

function update(next: Toast[]) {
  shown = next;
  listeners.forEach((listener) => listener());
}

function dismiss(id: number) {
  update(shown.filter((item) => item.id !== id));
}

function add(text: string, ok: boolean) {
  const id = nextId++;
  update([...shown, { id, text, ok }]);
  window.setTimeout(() => dismiss(id), TOAST_DURATION_MS);
}

export const toast = {
  success: (text: string) => add(text, true),
  error: (text: string) => add(text, false),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToastArea() {
  const copy = usePublicCopy().toasts;
  const items = useSyncExternalStore(
    subscribe,
    () => shown,
    () => NONE,
  );
  return (
    <section aria-label={copy.areaLabel} className="pointer-events-none fixed top-4 right-4 z-[60] w-80 max-w-[calc(100vw-2rem)]">
      <ol aria-live="polite" className="flex flex-col gap-2">
        {items.map((item) => (
          <li
            key={item.id}
            data-toast={item.ok ? 'success' : 'error'}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-semibold shadow-lg ${
              item.ok ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-900'
            }`}
          >
            <span className="flex-1">{item.text}</span>
            <button
              type="button"
              onClick={() => dismiss(item.id)}
              aria-label={copy.close}
              className="-m-1 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
