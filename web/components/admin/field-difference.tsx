/**
 * One field of a comparison (decision 0038): text with the words only one side has marked (`<del>` / `<ins>`, struck
 * through or underlined on a background, not colour alone), images side by side. The History screen compares two
 * versions with it; an editor's edit conflict compares the other's saved values with its own (decision 0044).
 */
import { historyCopy as copy } from '../../../shared/copy/admin';
import type { FieldComparison } from '../../../shared/history';

const HISTORY_SIDES = { before: copy.before, after: copy.after };

export function FieldDifference({ field, sides = HISTORY_SIDES }: { field: FieldComparison; sides?: { before: string; after: string } }) {
  if (field.kind === 'images') {
    return (
      <div className="grid grid-cols-2 gap-3">
        {(['before', 'after'] as const).map((side) => {
          const urls = field[side] ?? [];
          const sideLabel = sides[side];
          return (
            <figure key={side}>
              <figcaption className="mb-1 text-xs font-semibold uppercase text-gray-700">{sideLabel}</figcaption>
              {urls.length === 0 ? <p className="text-sm text-gray-700">{copy.noImage}</p> : null}
              <div className="flex flex-wrap gap-2">
                {urls.map((url, index) => (
                  <img
                    key={url}
                    src={url}
                    alt={copy.imageAlt(field.label, sideLabel, index + 1)}
                    className="h-24 w-32 rounded border border-gray-200 object-cover"
                  />
                ))}
              </div>
            </figure>
          );
        })}
      </div>
    );
  }
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-gray-900">
      {(field.parts ?? []).map((part, index) =>
        part.removed ? (
          <del key={index} className="rounded bg-red-100 text-red-900 line-through decoration-2">
            <span className="sr-only">{copy.removedText} </span>
            {part.value}
          </del>
        ) : part.added ? (
          <ins key={index} className="rounded bg-green-100 text-green-900 underline decoration-2">
            <span className="sr-only">{copy.addedText} </span>
            {part.value}
          </ins>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}
