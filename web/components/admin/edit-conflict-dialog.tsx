/**
 * What an editor sees when its save met someone else's change since it opened the item (docs/decisions/0044): who saved
 * what and when, their saved values against the form's unsaved ones field by field (the History screen's comparison),
 * and three ways on: keep mine, take theirs, or merge with a choice per field. Nothing typed is lost by any of them
 * until the editor picks one; Esc goes back to the form as it was.
 */
import { useState } from 'react';
import { conflictCopy as copy } from '../../../shared/copy/admin';
import type { EditConflict } from '../../../shared/edit-conflicts';
import type { FieldComparison } from '../../../shared/history';
import { readableDateTime } from '../../../shared/site-time';
import { compareSnapshots } from '../../../shared/version-snapshots';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { btn } from './classes';
import { FieldDifference } from './field-difference';
import { Modal } from './modal';

/** One field of the form, as theirs and as the form has it (text as the form shows it). */
export interface ConflictField {
  name: string;
  label: string;
  theirs: string;
  mine: string;
  /** The editor changed it since opening: kept as theirs only when it was not. */
  changedByMe: boolean;
}

/** The images of both sides; `changedByMe` false: theirs are kept, there is nothing of the editor's to choose. */
export interface ConflictImages {
  label: string;
  theirs: string[];
  mine: string[];
  /** Files the editor picked that are not uploaded yet (no URL to show). */
  newFiles: number;
  changedByMe: boolean;
}

export type Side = 'mine' | 'theirs';

/** Which side each field (by name; the images by IMAGES_CHOICE) is taken from. */
export type ConflictChoices = Record<string, Side>;

export const IMAGES_CHOICE = '@images';

interface EditConflictDialogProps {
  conflict: EditConflict;
  fields: ConflictField[];
  images: ConflictImages | null;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onMerge: (choices: ConflictChoices) => void;
  /** Back to the form as it was (Esc, the close button). */
  onClose: () => void;
}

const SIDES = { before: copy.theirs, after: copy.yours };

export function EditConflictDialog({ conflict, fields, images, onKeepMine, onTakeTheirs, onMerge, onClose }: EditConflictDialogProps) {
  const { timeZone } = useAdminLimits();
  const compared = compareSnapshots(
    Object.fromEntries(fields.map((field) => [field.name, field.theirs])),
    Object.fromEntries(fields.map((field) => [field.name, field.mine])),
    { labels: new Map(fields.map((field) => [field.name, field.label])), imageFields: [] },
  );
  const differing = compared.filter((field) => field.changed);
  const imagesDiffer = images !== null && (JSON.stringify(images.theirs) !== JSON.stringify(images.mine) || images.newFiles > 0);
  const [choices, setChoices] = useState<ConflictChoices>(() => {
    const initial: ConflictChoices = Object.fromEntries(
      fields.map((field) => [field.name, field.changedByMe ? 'mine' : 'theirs'] satisfies [string, Side]),
    );
    initial[IMAGES_CHOICE] = images?.changedByMe ? 'mine' : 'theirs';
    return initial;
  });
  const who = conflict.author.name ?? copy.someone;
  const when = readableDateTime(new Date(conflict.at), timeZone);
  const choose = (name: string, side: Side) => setChoices((current) => ({ ...current, [name]: side }));

  return (
    <Modal title={copy.title} onClose={onClose}>
      <p className="text-gray-800" data-edit-conflict-intro>
        {copy.intro(who, copy.what[conflict.status], when)}
      </p>
      <p className="mt-2 text-sm text-gray-700">{copy.legend}</p>
      <div className="mt-3 divide-y divide-gray-100">
        {differing.map((field) => (
          <ConflictRow
            key={field.field}
            field={field}
            choice={choices[field.field] ?? 'mine'}
            onChoose={(side) => choose(field.field, side)}
          />
        ))}
        {images && imagesDiffer ? (
          <ConflictRow
            field={{ field: IMAGES_CHOICE, label: images.label, changed: true, kind: 'images', before: images.theirs, after: images.mine }}
            choice={choices[IMAGES_CHOICE] ?? 'theirs'}
            onChoose={images.changedByMe ? (side) => choose(IMAGES_CHOICE, side) : undefined}
            note={images.newFiles > 0 ? copy.newImages(images.newFiles) : images.changedByMe ? undefined : copy.imagesKept}
          />
        ) : null}
      </div>
      {compared.length > differing.length ? (
        <p className="mt-2 text-sm text-gray-700">
          {copy.unchanged}:{' '}
          {compared
            .filter((field) => !field.changed)
            .map((field) => field.label)
            .join(', ')}
        </p>
      ) : null}
      <div className="mt-5 grid gap-3 sm:grid-cols-3">
        <ChoiceButton label={copy.keepMine} hint={copy.keepMineHint} onClick={onKeepMine} />
        <ChoiceButton label={copy.takeTheirs} hint={copy.takeTheirsHint} onClick={onTakeTheirs} />
        <ChoiceButton label={copy.merge} hint={copy.mergeHint} onClick={() => onMerge(choices)} primary />
      </div>
    </Modal>
  );
}

/** A field that differs: the comparison, and (when there is a choice) which side to keep in a merge. */
function ConflictRow({
  field,
  choice,
  onChoose,
  note,
}: {
  field: FieldComparison;
  choice: Side;
  onChoose?: (side: Side) => void;
  note?: string;
}) {
  return (
    <div className="py-3">
      <h3 className="text-sm font-semibold text-gray-800">{field.label}</h3>
      <div className="mt-1">
        <FieldDifference field={field} sides={SIDES} />
      </div>
      {note ? <p className="mt-1 text-sm text-gray-700">{note}</p> : null}
      {onChoose ? (
        <fieldset className="mt-2">
          <legend className="sr-only">{copy.choiceLegend(field.label)}</legend>
          <div className="flex flex-wrap gap-4 text-sm text-gray-800">
            {(['mine', 'theirs'] as const).map((side) => (
              <label key={side} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name={`conflict-${field.field}`}
                  value={side}
                  checked={choice === side}
                  onChange={() => onChoose(side)}
                  aria-label={`${side === 'mine' ? copy.yours : copy.theirs}: ${field.label}`}
                />
                {side === 'mine' ? copy.yours : copy.theirs}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

function ChoiceButton({ label, hint, onClick, primary = false }: { label: string; hint: string; onClick: () => void; primary?: boolean }) {
  return (
    <div className="flex flex-col gap-1">
      <button type="button" className={primary ? btn.primary : btn.secondary} onClick={onClick}>
        {label}
      </button>
      <p className="text-xs text-gray-700">{hint}</p>
    </div>
  );
}
