/** The details of one image in the admin's forms: its focal point, set on a preview, and its alt text. */
import { useId, type KeyboardEvent, type MouseEvent } from 'react';
import { commonCopy, mediaPickerCopy } from '../../../shared/copy/admin';
import { ALT_MAX, type ImageDetails } from '../../../shared/image-details';
import { input } from './classes';

/** Percent steps of the arrow keys on a focal point preview. */
const FOCUS_STEP = 5;
const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/**
 * An image preview on which a click sets the focal point (a marker shows it); as a button it takes the
 * arrow keys too, and its name says where the point is. The whole image is shown in its own shape within
 * `className`'s bounds (a portrait phone photo stays a portrait, not a strip), so the point lands where clicked.
 */
export function FocalPointPreview({
  src,
  alt,
  label,
  details,
  onDetails,
  className,
}: {
  src: string;
  /** what the preview is: the current image or a new one */
  alt: string;
  label: string;
  details: ImageDetails;
  onDetails: (details: ImageDetails) => void;
  className: string;
}) {
  const hintId = useId();
  const set = (focusX: number, focusY: number) => onDetails({ ...details, focusX: clamp(focusX), focusY: clamp(focusY) });
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // a click from the keyboard (Enter/Space) has no position: it keeps the point
    if (event.detail === 0 || box.width === 0 || box.height === 0) return;
    set(((event.clientX - box.left) / box.width) * 100, ((event.clientY - box.top) / box.height) * 100);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-FOCUS_STEP, 0],
      ArrowRight: [FOCUS_STEP, 0],
      ArrowUp: [0, -FOCUS_STEP],
      ArrowDown: [0, FOCUS_STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    set(details.focusX + move[0], details.focusY + move[1]);
  };
  return (
    <div className="relative inline-block max-w-full overflow-hidden rounded align-top" data-testid="focal-preview">
      <img src={src} alt={alt} className={`block h-auto w-auto max-w-full ${className}`} />
      {/* over the image, not around it: the image keeps its own name */}
      <button
        type="button"
        aria-label={`${label}: ${details.focusX}% ${commonCopy.focusX}, ${details.focusY}% ${commonCopy.focusY}`}
        aria-describedby={hintId}
        className="absolute inset-0 cursor-crosshair rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand"
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <span
          aria-hidden
          data-focal-marker
          className="pointer-events-none absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand/80 shadow"
          style={{ left: `${details.focusX}%`, top: `${details.focusY}%` }}
        />
      </button>
      <span id={hintId} className="sr-only">
        {commonCopy.focalHint}
      </span>
    </div>
  );
}

/**
 * The alt text input of one image, with a visible label; `libraryAlt`: the alt text of the image's library entry, which
 * an empty input follows (shown as its placeholder and said in its hint).
 */
export function AltTextInput({
  label,
  value,
  onChange,
  libraryAlt,
}: {
  label: string;
  value: string;
  onChange: (alt: string) => void;
  libraryAlt?: string;
}) {
  const id = useId();
  const follows = libraryAlt !== undefined;
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-xs font-medium text-gray-800">
        {label}
      </label>
      <input
        id={id}
        className={input}
        value={value}
        maxLength={ALT_MAX}
        placeholder={follows ? libraryAlt : undefined}
        aria-describedby={follows ? `${id}-library` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {follows ? (
        <p id={`${id}-library`} className="mt-1 text-xs text-gray-600">
          {mediaPickerCopy.libraryAltHint(libraryAlt)}
        </p>
      ) : null}
    </div>
  );
}
