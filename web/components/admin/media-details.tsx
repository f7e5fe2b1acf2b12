/**
 * One image of the media library in a dialog: a larger preview, its file replaced, its name, alt text and tags, where it
 * is used, and Delete.
 */
import { ExternalLink, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { maxImageMb } from '../../../shared/admin-limits';
import { formatBytes } from '../../../shared/backup';
import { commonCopy, mediaCopy as copy, translationCopy } from '../../../shared/copy/admin';
import { TRANSLATED_LANGUAGES, languageDef, type TranslatedLanguage } from '../../../shared/languages';
import { ALT_MAX } from '../../../shared/image-details';
import { MEDIA_NAME_MAX, type MediaEntry, type MediaUse } from '../../../shared/media';
import { readableDateTime } from '../../../shared/site-time';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { renditionOf, tagsOf, type MediaDetail, type MediaSavedReply } from '../../lib/admin/media-view';
import { btn } from './classes';
import { AltTextInput } from './image-details-inputs';
import { ImageDropZone } from './image-drop-zone';
import { sendImage, UploadLine, type Upload } from './media-uploads';
import { Modal } from './modal';
import { LabelledInput, Thumb } from './ui';
import { translationsOf } from './translated-values';
import { TranslatedField } from './translation-parts';

/** The preview's rendition: wide enough for the dialog on a laptop, small enough to come at once. */
const PREVIEW_WIDTH = 640;

/** What a use is called: the server's title ("Gallery item “Teak doors”"), after what kind of use it is when not the item itself. */
function labelOfUse(use: MediaUse): string {
  const kind = copy.useKinds[use.kind];
  return kind && kind !== use.title ? `${kind}: ${use.title}` : use.title;
}

/** Where an image is used: a link to each admin screen that shows the use. */
export function MediaUsesList({ uses }: { uses: readonly MediaUse[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {uses.map((use, index) => (
        <li key={`${use.href}-${index}`}>
          <Link to={use.href} className="font-medium text-blue-800 underline hover:text-blue-950">
            {labelOfUse(use)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A type, not an interface: the action receives it as JSON, which only types with known keys are. */
export type MediaDetailChanges = {
  name: string;
  alt: string;
  tags: string[];
  /** The alt text in the other languages (docs/decisions/0049; blank: the page falls back to the English); sent only when changed (a PATCH). */
  translations?: { [language: string]: { alt: string } };
};

/** An entry's alt text in each translated language, as its input shows it. */
const translatedAltsOf = (entry: MediaDetail): Record<TranslatedLanguage, string> => {
  const translations = translationsOf(entry as unknown as Record<string, unknown>);
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => {
      const alt = translations[language]?.alt;
      return [language, typeof alt === 'string' ? alt : ''];
    }),
  ) as Record<TranslatedLanguage, string>;
};

interface MediaDetailsProps {
  entry: MediaDetail;
  busy: boolean;
  /** Its uses, when a delete was just refused because of them (shown as the refusal). */
  refused: readonly MediaUse[] | null;
  onSave: (changes: MediaDetailChanges) => void;
  onDelete: () => void;
  /** Its file was replaced: the entry as it is now. */
  onReplaced: (entry: MediaEntry) => void;
  onClose: () => void;
}

/**
 * "Replace file": one image, checked and scaled as every upload, sent to POST /api/media/:id/file with its progress;
 * a refused file says why and changes nothing.
 */
function ReplaceFile({ entry, onReplaced }: { entry: MediaDetail; onReplaced: (entry: MediaEntry) => void }) {
  const limits = useAdminLimits();
  const id = useId();
  const [upload, setUpload] = useState<Upload | null>(null);
  const sending = upload?.state === 'preparing' || upload?.state === 'uploading';
  async function replace(file: File | undefined) {
    if (!file) return;
    const key = (upload?.key ?? 0) + 1;
    setUpload({ key, name: file.name, percent: 0, state: 'preparing' });
    const reply = await sendImage<MediaSavedReply>(
      file,
      limits,
      { path: `/media/${encodeURIComponent(entry.id)}/file`, field: 'file', many: false },
      // a later file's line is not changed by this one
      (changes) => setUpload((shown) => (shown?.key === key ? { ...shown, ...changes } : shown)),
    );
    if (reply) onReplaced(reply.data);
  }
  return (
    <section aria-labelledby={`${id}-title`} aria-describedby={`${id}-hint`} className="mt-4">
      <h3 id={`${id}-title`} className="mb-1 font-semibold text-gray-900">
        {copy.replaceTitle}
      </h3>
      <p id={`${id}-hint`} className="mb-2 text-xs text-gray-600">
        {copy.replaceHint} {commonCopy.imageHint(maxImageMb(limits))}
      </p>
      <ImageDropZone multiple={false} chooseLabel={copy.replaceChoose} disabled={sending} onFiles={(files) => void replace(files[0])} />
      {upload ? (
        <ul className="mt-2 text-sm">
          <UploadLine upload={upload} done={copy.replacedStatus} />
        </ul>
      ) : null}
    </section>
  );
}

export function MediaDetails({ entry, busy, refused, onSave, onDelete, onReplaced, onClose }: MediaDetailsProps) {
  const { timeZone } = useAdminLimits();
  const id = useId();
  const [name, setName] = useState(entry.name);
  const [alt, setAlt] = useState(entry.alt);
  const [tags, setTags] = useState(entry.tags.join(', '));
  const [openedAlts] = useState(() => translatedAltsOf(entry));
  const [translatedAlts, setTranslatedAlts] = useState(openedAlts);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const translations = Object.fromEntries(TRANSLATED_LANGUAGES.map((language) => [language, { alt: translatedAlts[language].trim() }]));
    const changed = TRANSLATED_LANGUAGES.some((language) => translatedAlts[language].trim() !== openedAlts[language].trim());
    onSave({ name: name.trim() || entry.name, alt: alt.trim(), tags: tagsOf(tags), ...(changed ? { translations } : {}) });
  };
  return (
    <Modal title={copy.detailsTitle(entry.name)} onClose={onClose}>
      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <Thumb src={renditionOf(entry.url, PREVIEW_WIDTH)} alt={entry.alt || entry.name} className="max-h-80 w-full object-contain" />
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-gray-700">
            <dt className="font-medium">{copy.sizeLabel}</dt>
            <dd>
              {formatBytes(entry.bytes)}, {copy.dimensions(entry.width, entry.height)}
            </dd>
            <dt className="font-medium">{copy.uploadedLabel}</dt>
            <dd>
              {readableDateTime(new Date(entry.uploadedAt), timeZone)} {copy.uploader(entry.uploadedBy?.name ?? null)}
            </dd>
          </dl>
          <a
            href={entry.url}
            target="_blank"
            rel="noreferrer"
            className="mt-2 inline-flex items-center gap-1 text-sm text-blue-800 underline"
          >
            <ExternalLink className="h-4 w-4" aria-hidden />
            {copy.open}
          </a>
          <ReplaceFile entry={entry} onReplaced={onReplaced} />
        </div>
        <form onSubmit={save} className="space-y-3">
          <LabelledInput
            id={`${id}-name`}
            label={copy.name}
            value={name}
            required
            maxLength={MEDIA_NAME_MAX}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <AltTextInput label={commonCopy.altText} value={alt} onChange={setAlt} />
          {TRANSLATED_LANGUAGES.map((language) => (
            <TranslatedField
              key={language}
              id={`${id}-alt-${language}`}
              language={language}
              label={translationCopy.fieldLabel(commonCopy.altText, languageDef(language).name)}
              value={translatedAlts[language]}
              maxLength={ALT_MAX}
              onChange={(value) => setTranslatedAlts((current) => ({ ...current, [language]: value }))}
            />
          ))}
          <div>
            <LabelledInput
              id={`${id}-tags`}
              label={copy.tags}
              value={tags}
              aria-describedby={`${id}-tags-hint`}
              onChange={(event) => setTags(event.currentTarget.value)}
            />
            <p id={`${id}-tags-hint`} className="mt-1 text-xs text-gray-600">
              {copy.tagsHint}
            </p>
          </div>
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? commonCopy.saving : copy.save}
          </button>
        </form>
      </div>
      <section aria-labelledby={`${id}-uses`} className="mt-6 border-t border-gray-200 pt-4">
        <h3 id={`${id}-uses`} className="mb-2 font-semibold text-gray-900">
          {copy.usesTitle}
        </h3>
        {refused ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">{copy.refusedTitle(1)}</p>
            <p className="mb-1">{copy.refusedHint}</p>
            <MediaUsesList uses={refused} />
          </div>
        ) : entry.uses.length > 0 ? (
          <MediaUsesList uses={entry.uses} />
        ) : (
          <p className="text-sm text-gray-700">{copy.noUses}</p>
        )}
        <button type="button" className={`${btn.danger} mt-4`} disabled={busy} onClick={onDelete}>
          <Trash2 className="h-4 w-4" aria-hidden />
          {copy.delete}
        </button>
      </section>
    </Modal>
  );
}
