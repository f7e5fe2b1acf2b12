/** Shows what a screen's loader read (web/lib/admin/screen-data.ts): the error with Try again, or the screen. */
import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import type { Loaded } from '../../lib/admin/screen-data';
import { ErrorView, Spinner } from './ui';

/** The error with Try again (which loads the screen's data again, a spinner meanwhile), or `children` with the reply. */
export function AdminDataView<T>({ loaded, children }: { loaded: Loaded<T>; children: (reply: T) => ReactNode }) {
  const revalidator = useRevalidator();
  if (loaded.error === undefined) return children(loaded.reply);
  if (revalidator.state === 'loading') return <Spinner />;
  return <ErrorView message={loaded.error} onRetry={() => void revalidator.revalidate()} />;
}
