/** The loading, error and empty views every section uses, with the spec's texts passed in. */
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

export function LoadingState({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-gray-700">
      <LoaderCircle className="h-6 w-6 animate-spin text-brand" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

export function ErrorState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div role="alert" className="mx-auto my-8 max-w-2xl rounded-lg border border-red-200 bg-red-50 px-5 py-6 text-center text-red-800">
      <p>{text}</p>
      {children}
    </div>
  );
}

export function EmptyState({ title, text, children }: { title?: string; text?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto my-8 max-w-2xl rounded-lg border border-dashed border-gray-300 px-5 py-8 text-center text-gray-700">
      {title && <h3 className="text-lg font-semibold text-gray-900">{title}</h3>}
      {text && <p className="mt-1">{text}</p>}
      {children}
    </div>
  );
}
