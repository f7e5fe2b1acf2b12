/**
 * An edit conflict of one of the two documents, the About content and the Site settings (docs/decisions/0044): a save,
 * Save draft, Publish or autosave that met someone else's change opens the dialog with every place of the document as a
 * field; settled, the screen stands on their revision and document, and sends the chosen document again unless it took theirs.
 */
import { useCallback, useState, type ReactNode } from 'react';
import type { EditConflict } from '../../../shared/edit-conflicts';
import { EditConflictDialog, type Side } from './edit-conflict-dialog';

/** One place of the document ("hero.title", "address.locality") as the form shows it. */
export interface DocumentPlace {
  name: string;
  label: string;
  text: string;
}

/** How a screen's document is compared and merged place by place. */
export interface DocumentShape<T> {
  /** Every place of `document` as the form shows it, in the form's order. */
  places: (document: T) => DocumentPlace[];
  /** Their stored document as the form shows it; `fallback` when it cannot be read (an older shape). */
  read: (values: Record<string, unknown>, fallback: T) => T;
  /** `mine` with each place taken from `theirs` where `choose` says so. */
  merge: (mine: T, theirs: T, choose: (place: string) => Side) => T;
}

/** How a conflict was settled: their document, the one sent merged as chosen, and whether to send that again. */
export interface SettledConflict<T, Intent> {
  met: EditConflict;
  /** What the write that met the change asked for, as the screen gave it. */
  intent: Intent;
  theirs: T;
  /** What was sent, with each place as chosen (all theirs for Take theirs). */
  chosen: T;
  choose: (place: string) => Side;
  resend: boolean;
}

interface Met<T, Intent> {
  met: EditConflict;
  intent: Intent;
  sent: T;
  base: T;
}

/**
 * `meet(met, intent, sent, base)` opens the dialog: `sent` is the document the write sent (the form's side), `base` the
 * one it stood on (a place that differs from it is the editor's change, kept as theirs only when it is not).
 */
export function useDocumentConflict<T, Intent>(
  shape: DocumentShape<T>,
  onSettled: (settled: SettledConflict<T, Intent>) => void,
): { open: boolean; meet: (met: EditConflict, intent: Intent, sent: T, base: T) => void; dialog: ReactNode } {
  const [conflict, setConflict] = useState<Met<T, Intent> | null>(null);
  const meet = useCallback((met: EditConflict, intent: Intent, sent: T, base: T) => setConflict({ met, intent, sent, base }), []);
  if (!conflict) return { open: false, meet, dialog: null };
  const { met, intent, sent, base } = conflict;
  const theirs = shape.read(met.values, base);
  const theirPlaces = new Map(shape.places(theirs).map((place) => [place.name, place.text]));
  const opened = new Map(shape.places(base).map((place) => [place.name, place.text]));
  const settle = (choose: (place: string) => Side, resend: boolean) => {
    setConflict(null);
    onSettled({ met, intent, theirs, chosen: shape.merge(sent, theirs, choose), choose, resend });
  };
  const dialog = (
    <EditConflictDialog
      conflict={met}
      fields={shape.places(sent).map((place) => ({
        name: place.name,
        label: place.label,
        theirs: theirPlaces.get(place.name) ?? '',
        mine: place.text,
        changedByMe: place.text !== opened.get(place.name),
      }))}
      images={null}
      onKeepMine={() => settle(() => 'mine', true)}
      onTakeTheirs={() => settle(() => 'theirs', false)}
      onMerge={(choices) => settle((place) => choices[place] ?? 'mine', true)}
      onClose={() => setConflict(null)}
    />
  );
  return { open: true, meet, dialog };
}
