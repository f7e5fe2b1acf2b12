/**
 * Image inputs of the generic form: previews before saving, a refused file explained at once, phone
 * photos scaled down in the browser before upload, and each image's alt text and focal point.
 */
import { X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { commonCopy, galleryCopy, mediaPickerCopy, translationCopy } from '../../../shared/copy/admin';
import { maxImageMb } from '../../../shared/admin-limits';
import { ALT_MAX, DEFAULT_DETAILS, type ImageDetails } from '../../../shared/image-details';
import { IMAGE_DESCRIPTION_MAX, type ImageText, type ImageTranslations } from '../../../shared/image-translations';
import { TRANSLATED_LANGUAGES, languageDef, type TranslatedLanguage } from '../../../shared/languages';
import type { MediaEntry } from '../../../shared/media';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { prepareImageFile } from '../../lib/admin/image-files';
import { input, label as labelClass } from './classes';
import { AltTextInput, FocalPointPreview } from './image-details-inputs';
import { TranslatedField } from './translation-parts';
import { ImageDropZone } from './image-drop-zone';
import { ChooseFromLibrary, type MediaEntries } from './media-chooser';
import { shownDetails, withImageText } from './resource-form-data';
import { SortableRow, SortableRows } from './sortable-rows';
import { FieldError } from './ui';

export interface NewImage extends ImageDetails {
  file: File;
  /** its preview (an object URL made once, so reordering and typing do not remake it) */
  preview: string;
  description: string;
  /** its description (gallery) and alt text in the other languages, as typed */
  translations?: ImageTranslations;
}
/** An image the record already has, with its caption (gallery) and details. */
export interface ExistingImage extends ImageDetails {
  url: string;
  file?: undefined;
  description: string;
  translations?: ImageTranslations;
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
  /** The library image chosen in place of the current one (its URL), if any. */
  chosen: string | null;
  details: ImageDetails;
  error?: string;
  /** The library entries of the images shown: an empty alt text and the centre follow theirs. */
  library: MediaEntries;
  onFile: (file: File | null) => void;
  onChosen: (url: string | null) => void;
  onDetails: (details: ImageDetails) => void;
  onError: (message: string) => void;
  /** While a photo is being prepared the form waits. */
  onBusy: (busy: boolean) => void;
  /** Its alt text in the other languages (the record's `translations.<code>.imageAlt`), each beside the English one. */
  translatedAlt: { key: string; label: string; language: TranslatedLanguage; value: string; error?: string }[];
  onTranslatedAlt: (key: string, value: string) => void;
}

export function SingleImagePicker(props: SingleProps) {
  const { label, current, file, chosen, details, error, library, onFile, onChosen, onDetails, onError, onBusy } = props;
  const id = useId();
  const limits = useAdminLimits();
  const fileInput = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const files = useMemo(() => (file ? [file] : []), [file]);
  const [previewSrc] = usePreviews(files);
  // the stored image the field shows: the one chosen from the library, else the current one (a new file hides both)
  const stored = file ? undefined : (chosen ?? current);
  const shown = previewSrc ?? stored;
  const entry = stored ? library.entryOf(stored) : undefined;
  const choose = ([picked]: MediaEntry[]) => {
    if (!picked) return;
    library.add([picked]);
    if (fileInput.current) fileInput.current.value = '';
    onFile(null);
    onError('');
    // another image: the details typed for the one before do not describe it, and the library's do
    if (picked.url !== stored) onDetails(DEFAULT_DETAILS);
    onChosen(picked.url === current ? null : picked.url);
  };
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
              alt={previewSrc ? commonCopy.newImage : chosen ? mediaPickerCopy.chosenImage : commonCopy.currentImage}
              label={commonCopy.focalPoint}
              details={shownDetails(details, entry)}
              onDetails={onDetails}
              className="max-h-48 sm:max-w-60"
            />
          </div>
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={fileInput}
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
                onChosen(null);
                onFile(prepared.file);
              }}
            />
            <ChooseFromLibrary onChoose={choose} disabled={preparing} />
          </div>
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
            {commonCopy.imageHint(maxImageMb(limits))}
          </p>
          <Preparing busy={preparing} />
          <div className="@container">
            <div className="grid grid-cols-1 gap-x-4 @md:grid-cols-2">
              <AltTextInput
                label={commonCopy.altText}
                value={details.alt}
                libraryAlt={entry?.alt}
                onChange={(alt) => onDetails({ ...details, alt })}
              />
              {props.translatedAlt.map(({ key, label: altLabel, language, value, error: altError }) => (
                <div key={key} className="mt-2">
                  <TranslatedField
                    id={`${id}-${key}`}
                    language={language}
                    label={altLabel}
                    value={value}
                    maxLength={ALT_MAX}
                    placeholder={entry?.translations?.[language]?.alt}
                    error={altError}
                    onChange={(text) => props.onTranslatedAlt(key, text)}
                  />
                </div>
              ))}
            </div>
          </div>
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
  /** The library entries of the stored images: an empty alt text and the centre follow theirs. */
  library: MediaEntries;
  onImages: (images: PickedImage[]) => void;
  onError: (message: string) => void;
  onBusy: (busy: boolean) => void;
}

/** One image's card (inside its sortable item): its Move handle, preview (focal point), remove button, description (gallery) and alt text. */
function ImageCard({
  image,
  index,
  withDescription,
  entry,
  handle,
  onChange,
  onRemove,
}: {
  image: PickedImage;
  index: number;
  withDescription: boolean;
  /** Its library entry (a stored image's), whose alt text and focal point it follows until it sets its own. */
  entry: MediaEntry | undefined;
  handle: ReactNode;
  onChange: (image: PickedImage) => void;
  onRemove: () => void;
}) {
  const descriptionId = useId();
  const cardId = useId();
  /** An English input of the card and its inputs in the other languages: side by side where the card is wide, else stacked. */
  const withTranslations = (english: ReactNode, text: ImageText, englishLabel: string, shownLabel: string) => (
    <div className="grid grid-cols-1 gap-x-3 @xs:grid-cols-2">
      {english}
      {TRANSLATED_LANGUAGES.map((language) => (
        <div key={language} className="mt-2">
          <TranslatedField
            id={`${cardId}-${language}-${text}`}
            language={language}
            label={translationCopy.fieldLabel(shownLabel, languageDef(language).name)}
            ariaLabel={shownLabel === englishLabel ? undefined : translationCopy.fieldLabel(englishLabel, languageDef(language).name)}
            labelClassName="block text-xs font-medium text-gray-800"
            value={image.translations?.[language]?.[text] ?? ''}
            maxLength={text === 'alt' ? ALT_MAX : IMAGE_DESCRIPTION_MAX}
            placeholder={text === 'alt' ? entry?.translations?.[language]?.alt : undefined}
            onChange={(value) => onChange({ ...image, translations: withImageText(image.translations, language, text, value) })}
          />
        </div>
      ))}
    </div>
  );
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
          details={shownDetails(image, entry)}
          onDetails={(details) => onChange({ ...image, ...details })}
          className="max-h-60"
        />
      </div>
      <div className="@container">
        {withDescription
          ? withTranslations(
              <div className="mt-2">
                <label htmlFor={descriptionId} className="block text-xs font-medium text-gray-800">
                  {galleryCopy.description}
                </label>
                <input
                  id={descriptionId}
                  aria-label={galleryCopy.imageDescription(index)}
                  className={input}
                  maxLength={IMAGE_DESCRIPTION_MAX}
                  value={image.description}
                  onChange={(event) => onChange({ ...image, description: event.currentTarget.value })}
                />
              </div>,
              'description',
              galleryCopy.imageDescription(index),
              galleryCopy.description,
            )
          : null}
        {withTranslations(
          <AltTextInput
            label={commonCopy.altTextOf(index)}
            value={image.alt}
            libraryAlt={entry?.alt}
            onChange={(alt) => onChange({ ...image, alt })}
          />,
          'alt',
          commonCopy.altTextOf(index),
          commonCopy.altTextOf(index),
        )}
      </div>
    </>
  );
}

export function MultiImagePicker(props: MultiProps) {
  const { label, images, max, maxMessage, withDescriptions, error, library, onImages, onError, onBusy } = props;
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
  /** Library images chosen: added after the ones there as kept images, following the library's details. */
  const choose = (chosen: MediaEntry[]) => {
    const fresh = chosen.filter((entry) => !images.some((image) => !image.file && image.url === entry.url));
    if (fresh.length === 0) return;
    if (images.length + fresh.length > max) return onError(maxMessage);
    library.add(fresh);
    onError('');
    onImages([...images, ...fresh.map((entry): ExistingImage => ({ url: entry.url, description: '', ...DEFAULT_DETAILS }))]);
  };
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
                    entry={image.file ? undefined : library.entryOf(image.url)}
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
      <div className="mt-2">
        <ChooseFromLibrary
          multiple
          taken={images.flatMap((image) => (image.file ? [] : [image.url]))}
          onChoose={choose}
          disabled={preparing}
        />
      </div>
      <p className="mt-1 text-xs text-gray-600">{commonCopy.imageHint(maxImageMb(limits))}</p>
      <Preparing busy={preparing} />
      <FieldError message={error} />
    </div>
  );
}
