/** Image inputs of the generic form: previews before saving, and a refused file explained at once. */
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { commonCopy, galleryCopy } from '../../../shared/copy/admin';
import { maxImageMb } from '../../../shared/admin-limits';
import type { GalleryImage } from '../../../shared/resources';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { imageFileProblem } from '../../lib/admin/image-files';
import { fieldError, input, label as labelClass } from './classes';
import { Thumb } from './ui';

export interface NewImage {
  file: File;
  description: string;
}
export type ExistingImage = string | GalleryImage;
const imageUrlOf = (image: ExistingImage) => (typeof image === 'string' ? image : image.url);

/** Object URL previews that are revoked when the files change. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

interface SingleProps {
  label: string;
  current: string | undefined;
  file: File | null;
  error?: string;
  onFile: (file: File | null) => void;
  onError: (message: string) => void;
}

export function SingleImagePicker({ label, current, file, error, onFile, onError }: SingleProps) {
  const id = useId();
  const limits = useAdminLimits();
  const files = useMemo(() => (file ? [file] : []), [file]);
  const [previewSrc] = usePreviews(files);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {previewSrc ? (
          <img src={previewSrc} alt={commonCopy.newImage} className="h-20 w-28 rounded object-cover" />
        ) : current ? (
          <Thumb src={current} alt={commonCopy.currentImage} className="h-20 w-28" />
        ) : null}
        <div>
          <input
            id={id}
            type="file"
            accept="image/*"
            aria-describedby={`${id}-hint`}
            className="block text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-orange-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-orange-900"
            onChange={(event) => {
              const picked = event.currentTarget.files?.[0] ?? null;
              if (picked) {
                const problem = imageFileProblem(picked, limits);
                if (problem) {
                  event.currentTarget.value = '';
                  onFile(null);
                  onError(problem);
                  return;
                }
              }
              onError('');
              onFile(picked);
            }}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
            {commonCopy.imageHint(maxImageMb(limits))}
          </p>
        </div>
      </div>
      {error ? (
        <p role="alert" className={fieldError}>
          {error}
        </p>
      ) : null}
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
}

export function MultiImagePicker(props: MultiProps) {
  const { label, existing, added, max, maxMessage, withDescriptions, error, onExisting, onAdded, onError } = props;
  const id = useId();
  const limits = useAdminLimits();
  const files = useMemo(() => added.map((image) => image.file), [added]);
  const previews = usePreviews(files);
  return (
    <div>
      <span className={labelClass}>{label}</span>
      <ul className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {existing.map((image, index) => (
          <li key={imageUrlOf(image)} className="rounded-lg border border-gray-200 p-2">
            <div className="relative">
              <Thumb src={imageUrlOf(image)} alt={commonCopy.currentImage} className="h-24 w-full" />
              <button
                type="button"
                aria-label={`${commonCopy.removeImage} ${index + 1}`}
                className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-red-700 shadow"
                onClick={() => onExisting(existing.filter((_, i) => i !== index))}
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </div>
            {withDescriptions && typeof image !== 'string' ? (
              <input
                aria-label={galleryCopy.imageDescription(index + 1)}
                className={`${input} mt-2`}
                value={image.description}
                onChange={(event) => {
                  const description = event.currentTarget.value;
                  onExisting(existing.map((item, i) => (i === index && typeof item !== 'string' ? { ...item, description } : item)));
                }}
              />
            ) : null}
          </li>
        ))}
        {added.map((image, index) => (
          <li key={`${image.file.name}-${index}`} className="rounded-lg border border-orange-200 p-2">
            <div className="relative">
              <img src={previews[index]} alt={commonCopy.newImage} className="h-24 w-full rounded object-cover" />
              <button
                type="button"
                aria-label={`${commonCopy.removeImage} ${existing.length + index + 1}`}
                className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-red-700 shadow"
                onClick={() => onAdded(added.filter((_, i) => i !== index))}
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </div>
            {withDescriptions ? (
              <input
                aria-label={galleryCopy.imageDescription(existing.length + index + 1)}
                className={`${input} mt-2`}
                value={image.description}
                onChange={(event) => {
                  const description = event.currentTarget.value;
                  onAdded(added.map((item, i) => (i === index ? { ...item, description } : item)));
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-gray-400 px-4 py-2 text-sm text-gray-800 hover:bg-gray-50"
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
          for (const file of picked) {
            const problem = imageFileProblem(file, limits, true);
            if (problem) return onError(problem);
          }
          if (existing.length + added.length + picked.length > max) return onError(maxMessage);
          onError('');
          onAdded([...added, ...picked.map((file) => ({ file, description: '' }))]);
        }}
      />
      <p className="mt-1 text-xs text-gray-600">{commonCopy.imageHint(maxImageMb(limits))}</p>
      {error ? (
        <p role="alert" className={fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
