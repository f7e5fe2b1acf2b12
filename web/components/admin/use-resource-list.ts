/** Loads a resource's list for an admin screen; a failure is kept as a message to show. */
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { resources, type ResourceKey } from '../../../shared/resources';
import { errorText, listRecords } from '../../lib/admin/api';
import type { AnyRecord } from './resource-form';

/** `toastText`: the toast's wording when it differs from the error view's (the spec's 'Failed to load properties.'). */
export function useResourceList(resourceKey: ResourceKey, fetchFailed: string, toastMs: number, toastText = fetchFailed) {
  const [rows, setRows] = useState<AnyRecord[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await listRecords<AnyRecord>(resources[resourceKey], fetchFailed));
      setError('');
    } catch (failure) {
      const message = errorText(failure, fetchFailed);
      setError(message === fetchFailed ? fetchFailed : `${fetchFailed} ${message}`);
      toast.error(toastText, { duration: toastMs });
    } finally {
      setLoading(false);
    }
  }, [resourceKey, fetchFailed, toastMs, toastText]);

  useEffect(() => {
    // fetching on mount is the point of this hook
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  return { rows, loading, error, reload };
}
