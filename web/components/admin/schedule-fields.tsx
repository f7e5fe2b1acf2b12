/**
 * The Schedule section of an editor (docs/decisions/0042): Publish at and, for content items, Unpublish at, entered
 * and shown on the site's clock (SITE_TIMEZONE), whatever the browser's zone; Save schedule and Clear schedule.
 * A form of its own, beside the item's form: Enter in a time saves the schedule, not the item.
 */
import { useId, useState, type FormEvent } from 'react';
import { scheduleCopy } from '../../../shared/copy/admin';
import type { ItemSchedule } from '../../../shared/schedules';
import { zoneInputValue, zoneName } from '../../../shared/site-time';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { btn, card, input, label } from './classes';

interface ScheduleFieldsProps {
  schedule: ItemSchedule | null;
  /** Content items have an Unpublish at; the About content and the Site settings do not. */
  withUnpublish: boolean;
  busy: boolean;
  /** Sends the times as typed (the site's clock, no offset; null: not scheduled). */
  onSave: (times: ItemSchedule) => void;
  className?: string;
}

export function ScheduleFields({ schedule, withUnpublish, busy, onSave, className = '' }: ScheduleFieldsProps) {
  const { timeZone } = useAdminLimits();
  const id = useId();
  const shown = (iso: string | null | undefined) => (iso ? zoneInputValue(new Date(iso), timeZone) : '');
  const [publishAt, setPublishAt] = useState(() => shown(schedule?.publishAt));
  const [unpublishAt, setUnpublishAt] = useState(() => shown(schedule?.unpublishAt));
  // the record the editor opened with stays as it was: what is typed (and saved) counts too
  const scheduled = Boolean(publishAt || unpublishAt || schedule?.publishAt || schedule?.unpublishAt);

  function save(event: FormEvent) {
    event.preventDefault();
    onSave({ publishAt: publishAt || null, unpublishAt: withUnpublish ? unpublishAt || null : null });
  }

  function clear() {
    setPublishAt('');
    setUnpublishAt('');
    onSave({ publishAt: null, unpublishAt: null });
  }

  return (
    <form onSubmit={save} className={`${card} mt-4 p-4 ${className}`} aria-busy={busy} noValidate>
      <fieldset>
        <legend className="text-base font-semibold text-gray-900">{scheduleCopy.legend}</legend>
        <p id={`${id}-zone`} className="mb-3 text-sm text-gray-700">
          {scheduleCopy.zoneHint(timeZone, zoneName(new Date(), timeZone))}
        </p>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div>
            <label htmlFor={`${id}-publish`} className={label}>
              {scheduleCopy.publishAt}
            </label>
            <input
              id={`${id}-publish`}
              type="datetime-local"
              step={1}
              className={input}
              value={publishAt}
              aria-describedby={`${id}-zone ${id}-publish-hint`}
              onChange={(event) => setPublishAt(event.currentTarget.value)}
            />
            <p id={`${id}-publish-hint`} className="mt-1 text-xs text-gray-700">
              {scheduleCopy.publishHint}
            </p>
          </div>
          {withUnpublish ? (
            <div>
              <label htmlFor={`${id}-unpublish`} className={label}>
                {scheduleCopy.unpublishAt}
              </label>
              <input
                id={`${id}-unpublish`}
                type="datetime-local"
                step={1}
                className={input}
                value={unpublishAt}
                aria-describedby={`${id}-zone`}
                onChange={(event) => setUnpublishAt(event.currentTarget.value)}
              />
            </div>
          ) : null}
        </div>
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          {scheduled ? (
            <button type="button" className={btn.secondary} onClick={clear} disabled={busy}>
              {scheduleCopy.clear}
            </button>
          ) : null}
          <button type="submit" className={btn.secondary} disabled={busy}>
            {scheduleCopy.save}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
