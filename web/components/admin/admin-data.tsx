/**
 * One way an admin screen loads what it shows from the API (a `{ data }` reply): fetched on mount,
 * a spinner while it comes, the error with Retry when it fails, and a reload after a change.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { apiJson, errorText } from '../../lib/admin/api';
import { ErrorView, Spinner } from './ui';

export interface AdminData<T> {
  /** null until the first load succeeds */
  data: T | null;
  /** why the last load failed ('' when it did not) */
  error: string;
  reload: () => Promise<void>;
}

/** `loadFailed`: the spec's message when the server gives none. */
export function useAdminData<T>(path: string, loadFailed: string): AdminData<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(async () => {
    try {
      setData((await apiJson<{ data: T }>(path, { fallback: loadFailed })).data);
      setError('');
    } catch (failure) {
      setError(errorText(failure, loadFailed));
    }
  }, [path, loadFailed]);
  useEffect(() => {
    // fetching on mount is the point of this hook
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);
  return { data, error, reload };
}

/** The error with Retry, the spinner, or `children` with the loaded data. */
export function AdminDataView<T>({ loaded, children }: { loaded: AdminData<T>; children: (data: T) => ReactNode }) {
  if (loaded.error) return <ErrorView message={loaded.error} onRetry={() => void loaded.reload()} />;
  if (loaded.data === null) return <Spinner />;
  return children(loaded.data);
}
