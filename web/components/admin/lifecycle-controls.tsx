/**
 * What every admin list row carries besides Edit and Delete: its publishing state, a "Hidden" mark, the Shown/Hidden
 * switch and "View on site" (a preview of the public page for a hidden item).
 */
import { ExternalLink } from 'lucide-react';
import { lifecycleCopy } from '../../../shared/copy/admin';
import type { ContentState } from '../../../shared/drafts';
import type { TranslatedLanguage } from '../../../shared/languages';
import type { ItemSchedule } from '../../../shared/schedules';
import { StateMark } from './draft-controls';
import { MissingTranslationMarks } from './translation-parts';
import { Badge } from './ui';

export interface RowLifecycle {
  hidden: boolean;
  /** Published, changed since, a draft or scheduled (docs/decisions/0039, 0042); absent where the row has none. */
  state?: ContentState;
  /** When a scheduled row's change happens (its mark says so). */
  schedule?: ItemSchedule | null;
  /** Absent while the switch is saving. */
  onToggleHidden?: () => void;
  /** The public page that shows the item (with `?preview=<id>` for a hidden one). */
  viewHref: string;
  /** How many of its texts have no translation, per language (docs/decisions/0049); absent: none missing. */
  missing?: Partial<Record<TranslatedLanguage, number>>;
}

/** The public page where `publicPage`'s items appear, as a link for this record. */
export function viewOnSiteHref(publicPage: string, id: string, hidden: boolean): string {
  return hidden ? `${publicPage}?preview=${encodeURIComponent(id)}` : publicPage;
}

function HiddenMark({ hidden }: { hidden: boolean }) {
  return hidden ? <Badge tone="gray">{lifecycleCopy.hidden}</Badge> : null;
}

export function LifecycleControls({ name, lifecycle }: { name: string; lifecycle: RowLifecycle }) {
  const { hidden, state, schedule, onToggleHidden, viewHref, missing } = lifecycle;
  const mark = state ? <StateMark state={state} schedule={schedule} /> : null;
  // a scheduled mark names its times: a line of its own above the controls, wrapping within a phone's card
  const timed = state === 'scheduled' && Boolean(schedule?.publishAt || schedule?.unpublishAt);
  const controls = (
    <span className="inline-flex items-center gap-2">
      {timed ? null : mark}
      <HiddenMark hidden={hidden} />
      {missing ? <MissingTranslationMarks counts={missing} /> : null}
      <button
        type="button"
        role="switch"
        aria-checked={!hidden}
        aria-label={lifecycleCopy.visibilityLabel(name)}
        disabled={!onToggleHidden}
        onClick={onToggleHidden}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-gray-800 hover:bg-gray-100 disabled:opacity-60"
      >
        <span aria-hidden className={`relative inline-block h-4 w-7 rounded-full transition ${hidden ? 'bg-gray-400' : 'bg-green-700'}`}>
          <span className={`absolute top-0.5 h-3 w-3 rounded-full bg-white transition ${hidden ? 'left-0.5' : 'left-3.5'}`} />
        </span>
        {hidden ? lifecycleCopy.hidden : lifecycleCopy.shown}
      </button>
      <a
        href={viewHref}
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-gray-800 underline-offset-2 hover:bg-gray-100 hover:underline"
        aria-label={hidden ? lifecycleCopy.previewOnSiteLabel(name) : lifecycleCopy.viewOnSiteLabel(name)}
      >
        <ExternalLink className="h-4 w-4" aria-hidden />
        {lifecycleCopy.viewOnSite}
      </a>
    </span>
  );
  return timed ? (
    <span className="inline-flex flex-col items-end gap-1">
      {mark}
      {controls}
    </span>
  ) : (
    controls
  );
}
