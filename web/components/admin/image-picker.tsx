/**
 * Image inputs of the generic form: previews before saving, a refused file explained at once, phone
 * photos scaled down in the browser before upload, and each image's alt text and focal point.
 */
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { commonCopy, galleryCopy } from '../../../shared/copy/admin';
import { maxImageMb } from '../../../shared/admin-limits';
import { ALT_MAX, objectPosition, type ImageDetails } from '../../../shared/image-details';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { prepareImageFile } from '../../lib/admin/image-files';
import { input, label as labelClass } from './classes';
import { FieldError } from './ui';

export interface NewImage extends ImageDetails {
  file: File;
  description: string;
}
/** An image the record already has, with its caption (gallery) and details. */
export interface ExistingImage extends ImageDetails {
  url: string;
  description: string;
}

/** Object URL previews that are revoked when the files change. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/** Percent steps of the arrow keys on a focal point preview. */
const FOCUS_STEP = 5;
const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/**
 * An image preview on which a click sets the focal point (a marker shows it); as a button it takes the
 * arrow keys too, and its name says where the point is. The image is shown as cropped on the site.
 */
function FocalPointPreview({
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
    <div className={`relative overflow-hidden rounded ${className}`}>
      {/* the admin's CSP allows style attributes; the values are whole numbers 0-100 */}
      <img src={src} alt={alt} className="h-full w-full object-cover" style={{ objectPosition: objectPosition(details) }} />
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

/** The alt text input of one image, with a visible label. */
function AltTextInput({ label, value, onChange }: { label: string; value: string; onChange: (alt: string) => void }) {
  const id = useId();
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-xs font-medium text-gray-800">
        {label}
      </label>
      <input id={id} className={input} value={value} maxLength={ALT_MAX} onChange={(event) => onChange(event.currentTarget.value)} />
    </div>
  );
}

/** "Preparing photo…" while a picked photo is scaled down in the browser. */
function Preparing({ busy }: { busy: boolean }) {
  return (
    <p role="status" className="mt-1 text-xs text-gray-700">
      {busy ? commonCopy.preparingPhoto : ''}
    </p>
  );
}

interface SingleProps {
  label: string;
  current: string | undefined;
  file: File | null;
  details: ImageDetails;
  error?: string;
  onFile: (file: File | null) => void;
  onDetails: (details: ImageDetails) => void;
  onError: (message: string) => void;
  /** While a photo is being prepared the form waits. */
  onBusy: (busy: boolean) => void;
}

export function SingleImagePicker({ label, current, file, details, error, onFile, onDetails, onError, onBusy }: SingleProps) {
  const id = useId();
  const limits = useAdminLimits();
  const [preparing, setPreparing] = useState(false);
  const files = useMemo(() => (file ? [file] : []), [file]);
  const [previewSrc] = usePreviews(files);
  const shown = previewSrc ?? current;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex flex-wrap items-start gap-3">
        {shown ? (
          <div>
            <FocalPointPreview
              src={shown}
              alt={previewSrc ? commonCopy.newImage : commonCopy.currentImage}
              label={commonCopy.focalPoint}
              details={details}
              onDetails={onDetails}
              className="h-28 w-40"
            />
          </div>
        ) : null}
        <div className="min-w-0 flex-1">
          <input
            id={id}
            type="file"
            accept="image/*"
            aria-describedby={`${id}-hint`}
            className="block text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-orange-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-orange-900"
            onChange={async (event) => {
              const target = event.currentTarget;
              const picked = target.files?.[0] ?? null;
              if (!picked) {
                onError('');
                onFile(null);
                return;
              }
              setPreparing(true);
              onBusy(true);
              const prepared = await prepareImageFile(picked, limits);
              setPreparing(false);
              onBusy(false);
              if (!prepared.ok) {
                target.value = '';
                onFile(null);
                onError(prepared.problem);
                return;
              }
              onError('');
              onFile(prepared.file);
            }}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
            {commonCopy.imageHint(maxImageMb(limits))}
          </p>
          <Preparing busy={preparing} />
          <AltTextInput label={commonCopy.altText} value={details.alt} onChange={(alt) => onDetails({ ...details, alt })} />
          {shown ? <p className="mt-1 text-xs text-gray-600">{commonCopy.focalHint}</p> : null}
        </div>
      </div>
      <FieldError message={error} />
    </div>
  );
}

interface MultiProps {
  label: string;
  existing: ExistingImage[];
  added: NewImage[];
  max: number;
  maxMessage: string;
  withDescriptions: boolean;
  error?: string;
  onExisting: (images: ExistingImage[]) => void;
  onAdded: (images: NewImage[]) => void;
  onError: (message: string) => void;
  onBusy: (busy: boolean) => void;
}

/** One image's card: its preview (focal point), remove button, description (gallery) and alt text. */
function ImageCard({
  src,
  index,
  image,
  withDescription,
  fresh,
  onChange,
  onRemove,
}: {
  src: string;
  index: number;
  image: ImageDetails & { description: string };
  withDescription: boolean;
  fresh: boolean;
  onChange: (image: ImageDetails & { description: string }) => void;
  onRemove: () => void;
}) {
  const descriptionId = useId();
  return (
    <li className={`rounded-lg border p-2 ${fresh ? 'border-orange-200' : 'border-gray-200'}`}>
      <div className="relative">
        <FocalPointPreview
          src={src}
          alt={fresh ? commonCopy.newImage : commonCopy.currentImage}
          label={commonCopy.focalPointOf(index)}
          details={image}
          onDetails={(details) => onChange({ ...image, ...details })}
          className="h-24 w-full"
        />
        <button
          type="button"
          aria-label={`${commonCopy.removeImage} ${index}`}
          className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-red-700 shadow"
          onClick={onRemove}
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </div>
      {withDescription ? (
        <div className="mt-2">
          <label htmlFor={descriptionId} className="block text-xs font-medium text-gray-800">
            {galleryCopy.description}
          </label>
          <input
            id={descriptionId}
            aria-label={galleryCopy.imageDescription(index)}
            className={input}
            value={image.description}
            onChange={(event) => onChange({ ...image, description: event.currentTarget.value })}
          />
        </div>
      ) : null}
      <AltTextInput label={commonCopy.altTextOf(index)} value={image.alt} onChange={(alt) => onChange({ ...image, alt })} />
    </li>
  );
}

export function MultiImagePicker(props: MultiProps) {
  const { label, existing, added, max, maxMessage, withDescriptions, error, onExisting, onAdded, onError, onBusy } = props;
  const id = useId();
  const limits = useAdminLimits();
  const [preparing, setPreparing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const files = useMemo(() => added.map((image) => image.file), [added]);
  const previews = usePreviews(files);

  /** Files picked or dropped: checked, scaled where needed, then added after the ones there. */
  async function take(picked: File[]) {
    if (picked.length === 0) return;
    if (existing.length + added.length + picked.length > max) return onError(maxMessage);
    setPreparing(true);
    onBusy(true);
    const ready: File[] = [];
    try {
      for (const file of picked) {
        const prepared = await prepareImageFile(file, limits, true);
        if (!prepared.ok) return onError(prepared.problem);
        ready.push(prepared.file);
      }
    } finally {
      setPreparing(false);
      onBusy(false);
    }
    onError('');
    onAdded([...added, ...ready.map((file) => ({ file, description: '', alt: '', focusX: 50, focusY: 50 }))]);
  }

  return (
    <div>
      <span className={labelClass}>{label}</span>
      <ul className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {existing.map((image, index) => (
          <ImageCard
            key={image.url}
            src={image.url}
            index={index + 1}
            image={image}
            withDescription={withDescriptions}
            fresh={false}
            onChange={(changed) => onExisting(existing.map((item, i) => (i === index ? { ...item, ...changed } : item)))}
            onRemove={() => onExisting(existing.filter((_, i) => i !== index))}
          />
        ))}
        {added.map((image, index) => (
          <ImageCard
            key={`${image.file.name}-${index}`}
            src={previews[index]}
            index={existing.length + index + 1}
            image={image}
            withDescription={withDescriptions}
            fresh
            onChange={(changed) => onAdded(added.map((item, i) => (i === index ? { ...item, ...changed } : item)))}
            onRemove={() => onAdded(added.filter((_, i) => i !== index))}
          />
        ))}
      </ul>
      {/* several files may be dropped here at once; the file input stays the keyboard's way in */}
      <div
        data-testid="image-drop-zone"
        className={`rounded-lg border-2 border-dashed p-4 text-center text-sm text-gray-700 ${dragging ? 'border-brand bg-orange-50' : 'border-gray-300'}`}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void take(Array.from(event.dataTransfer.files));
        }}
      >
        <span className="mr-2">{commonCopy.dropImages}</span>
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-gray-400 bg-white px-4 py-2 text-sm text-gray-800 hover:bg-gray-50 focus-within:ring-2 focus-within:ring-brand"
        >
          <ImagePlus className="h-4 w-4" aria-hidden />
          {commonCopy.chooseImages}
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          onChange={(event) => {
            const picked = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
            void take(picked);
          }}
        />
      </div>
      <p className="mt-1 text-xs text-gray-600">{commonCopy.imageHint(maxImageMb(limits))}</p>
      <Preparing busy={preparing} />
      <FieldError message={error} />
    </div>
  );
}
