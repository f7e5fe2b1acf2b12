/**
 * Image inputs of the generic form: previews before saving, a refused file explained at once, phone
 * photos scaled down in the browser before upload, and each image's alt text and focal point.
 */
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { commonCopy, galleryCopy } from '../../../shared/copy/admin';
import { maxImageMb } from '../../../shared/admin-limits';
import type { ImageDetails } from '../../../shared/image-details';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { prepareImageFile } from '../../lib/admin/image-files';
import { input, label as labelClass } from './classes';
import { AltTextInput, FocalPointPreview } from './image-details-inputs';
import { SortableRow, SortableRows } from './sortable-rows';
import { FieldError } from './ui';

export interface NewImage extends ImageDetails {
  file: File;
  /** its preview (an object URL made once, so reordering and typing do not remake it) */
  preview: string;
  description: string;
}
/** An image the record already has, with its caption (gallery) and details. */
export interface ExistingImage extends ImageDetails {
  url: string;
  file?: undefined;
  description: string;
}
/** One image of a multi-image form, in the order they are stored (the first is the cover). */
export type PickedImage = ExistingImage | NewImage;

/** The drag-and-drop id of an image: a kept one's URL, a new one's preview URL. */
const pickedId = (image: PickedImage) => (image.file ? image.preview : image.url);

/** Object URL previews that are revoked when the files change. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
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
              className="max-h-48 sm:max-w-60"
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
  /** Kept and new images in the order they are stored. */
  images: PickedImage[];
  max: number;
  maxMessage: string;
  withDescriptions: boolean;
  error?: string;
  onImages: (images: PickedImage[]) => void;
  onError: (message: string) => void;
  onBusy: (busy: boolean) => void;
}

/** One image's card (inside its sortable item): its Move handle, preview (focal point), remove button, description (gallery) and alt text. */
function ImageCard({
  image,
  index,
  withDescription,
  handle,
  onChange,
  onRemove,
}: {
  image: PickedImage;
  index: number;
  withDescription: boolean;
  handle: ReactNode;
  onChange: (image: PickedImage) => void;
  onRemove: () => void;
}) {
  const descriptionId = useId();
  return (
    <>
      <div className="mb-1 flex items-center gap-2">
        {handle}
        {index === 1 ? (
          <span className="rounded-full bg-brand-dark px-2 py-0.5 text-xs font-semibold text-white">{commonCopy.cover}</span>
        ) : null}
        <button
          type="button"
          aria-label={`${commonCopy.removeImage} ${index}`}
          className="ml-auto rounded-full bg-white/90 p-1 text-red-700 shadow"
          onClick={onRemove}
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </div>
      <div className="flex justify-center rounded bg-gray-50">
        <FocalPointPreview
          src={image.file ? image.preview : image.url}
          alt={image.file ? commonCopy.newImage : commonCopy.currentImage}
          label={commonCopy.focalPointOf(index)}
          details={image}
          onDetails={(details) => onChange({ ...image, ...details })}
          className="max-h-60"
        />
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
    </>
  );
}

/** Several files picked or dropped at once (a form's images, the media library's uploads); the file input stays the keyboard's way in. */
export function ImageDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  return (
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
        onFiles(Array.from(event.dataTransfer.files));
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
          onFiles(picked);
        }}
      />
    </div>
  );
}

export function MultiImagePicker(props: MultiProps) {
  const { label, images, max, maxMessage, withDescriptions, error, onImages, onError, onBusy } = props;
  const limits = useAdminLimits();
  const [preparing, setPreparing] = useState(false);
  const ids = images.map(pickedId);

  // the new images' previews go with the form
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);
  useEffect(() => () => latest.current.forEach((image) => image.file && URL.revokeObjectURL(image.preview)), []);

  /** Files picked or dropped: checked, scaled where needed, then added after the ones there. */
  async function take(picked: File[]) {
    if (picked.length === 0) return;
    if (images.length + picked.length > max) return onError(maxMessage);
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
    const fresh = ready.map((file) => ({ file, preview: URL.createObjectURL(file), description: '', alt: '', focusX: 50, focusY: 50 }));
    onImages([...images, ...fresh]);
  }
  const remove = (index: number) => {
    const gone = images[index];
    if (gone.file) URL.revokeObjectURL(gone.preview);
    onImages(images.filter((_, i) => i !== index));
  };

  return (
    <div>
      <span className={labelClass}>{label}</span>
      {images.length > 1 ? <p className="mb-2 text-xs text-gray-600">{commonCopy.imageOrderHint}</p> : null}
      <SortableRows
        ids={ids}
        nameOf={(imageId) => commonCopy.imageNumber(ids.indexOf(String(imageId)) + 1)}
        onReorder={(order) => onImages(order.map((imageId) => images[ids.indexOf(imageId)]))}
        layout="grid"
      >
        <ul className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {images.map((image, index) => (
            <SortableRow
              key={ids[index]}
              id={ids[index]}
              name={commonCopy.imageNumber(index + 1)}
              render={(binding) => (
                <li
                  ref={binding.ref}
                  style={binding.style}
                  className={`rounded-lg border bg-white p-2 ${image.file ? 'border-orange-200' : 'border-gray-200'} ${binding.dragging ? 'shadow-lg ring-2 ring-brand' : ''}`}
                >
                  <ImageCard
                    image={image}
                    index={index + 1}
                    withDescription={withDescriptions}
                    handle={binding.handle}
                    onChange={(changed) => onImages(images.map((item, i) => (i === index ? changed : item)))}
                    onRemove={() => remove(index)}
                  />
                </li>
              )}
            />
          ))}
        </ul>
      </SortableRows>
      <ImageDropZone onFiles={(picked) => void take(picked)} />
      <p className="mt-1 text-xs text-gray-600">{commonCopy.imageHint(maxImageMb(limits))}</p>
      <Preparing busy={preparing} />
      <FieldError message={error} />
    </div>
  );
}
