/**
 * The one add/edit form of every content resource, built from its definition in
 * shared/resources/ and checked with the server's own validation before sending.
 */
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { commonCopy, draftCopy, historyCopy, previewCopy } from '../../../shared/copy/admin';
import type { DraftWrittenReply } from '../../../shared/drafts';
import { DEFAULT_DETAILS, type ImageDetails } from '../../../shared/image-details';
import { resources, type ResourceDef, type ResourceKey } from '../../../shared/resources';
import { applyConditions, fieldApplies, imageCountMessage, imageCountProblem, validateRecord } from '../../../shared/validation';
import type { ItemPreviewRequest } from '../../../shared/live-preview';
import type { ResourceRecord, WrittenReply } from '../../../shared/resource-replies';
import { isItemSchedule, type ItemSchedule } from '../../../shared/schedules';
import { isRecord } from '../../../shared/narrow';
import type { EditConflict } from '../../../shared/edit-conflicts';
import { snapshotImageUrls } from '../../../shared/version-snapshots';
import { ApiError, baseRevision, publishItem, sendMultipart } from '../../lib/admin/api';
import { runWrite } from '../../lib/admin/screen-data';
import { btn } from './classes';
import { AutosaveLine, DraftButtons, SharePreviewLink } from './draft-controls';
import { LivePreviewPane } from './live-preview';
import { EditConflictDialog, IMAGES_CHOICE, type Side } from './edit-conflict-dialog';
import {
  detailsOut,
  existingImagesOf,
  imageTranslationsOut,
  initialValue,
  linesOf,
  newItemId,
  resourceFormData,
  type FormImages,
} from './resource-form-data';
import { ResourceFormField } from './resource-form-field';
import { initialTranslated, translatedInputs, translatedProblems, translationsOut } from './translated-values';
import { IMAGE_ALT_TRANSLATION } from '../../../shared/translations';
import { SideBySide, TranslatedField } from './translation-parts';
import { ScheduleFields } from './schedule-fields';
import { useDraftAutosave } from './use-draft-autosave';
import { MultiImagePicker, SingleImagePicker, type ExistingImage, type PickedImage } from './image-picker';
import { useMediaEntries } from './media-chooser';

/** A record of any resource as the API replies with it (its definition's fields known at run time). */
export type AnyRecord = ResourceRecord;

interface FormMessages {
  created: string;
  updated: string;
  saveFailed: (reason: string) => string;
}

export interface ResourceFormOptions {
  /** Submit labels: idle add/edit and busy add/edit. */
  submitLabels?: { add: string; edit: string; adding: string; updating: string };
  imageLabel?: { add: string; edit: string };
  /** Text fields entered as a choice (the gallery's merged categories). */
  fieldOptions?: Record<string, readonly string[]>;
  /** Fields that show an N/max counter. */
  counters?: readonly string[];
  /** Fields whose max is enforced while typing (the project description). */
  hardLimits?: readonly string[];
  /** Send only non-empty values (the team member form). */
  omitEmpty?: boolean;
}

interface ResourceFormProps extends ResourceFormOptions {
  resourceKey: ResourceKey;
  record: AnyRecord | null;
  messages: FormMessages;
  toastMs: number;
  onSaved: (record: AnyRecord) => void;
  /** A new item's first autosave created it as a draft (docs/decisions/0046): the list shows it; the form saves to it from now on. */
  onCreated?: (record: AnyRecord) => void;
  onCancel?: () => void;
  /** Told whether the form differs from what it opened with (the screen asks before it is left). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Shown above the buttons (e.g. a per-screen hint). */
  footer?: ReactNode;
  /** Unpublish and Discard draft of the item edited (the screen's writes; docs/decisions/0039). */
  draftActions?: { unpublish: () => void; discard: () => void };
  /** Publish at / Unpublish at of the item edited (the screen's write; docs/decisions/0042). */
  scheduleAction?: { busy: boolean; save: (times: ItemSchedule) => void };
}

const formFields = (def: ResourceDef) => def.fields.filter((field) => !field.hiddenInForm);

export function ResourceForm(props: ResourceFormProps) {
  const { resourceKey, record, messages, toastMs, onSaved, onCancel, onDirtyChange, footer } = props;
  const def: ResourceDef = resources[resourceKey];
  const policy = def.image;
  const editing = record !== null;
  // a new item's first autosave creates it as a draft, which the form's saves then go to; its title and buttons stay the
  // Add form's, as an autosave changes none, and its Add publishes the draft (docs/decisions/0046)
  const [created, setCreated] = useState<AnyRecord | null>(null);
  const item = record ?? created;
  // the item every save goes to, and whether an autosave created it (refs: a save reads them after an await)
  const savedId = useRef<string | null>(record?._id ?? null);
  const autoCreated = useRef(false);
  // the create on its way: every other save waits for it, so one item is created, never two
  const creating = useRef<Promise<unknown> | null>(null);
  const formId = useId();
  // what the form opened with, once: typed back to it counts as unchanged
  const [initial] = useState(() => ({
    values: Object.fromEntries(formFields(def).map((field) => [field.name, initialValue(field, record)])) as Record<string, string>,
    existing: policy.kind === 'multiple' ? existingImagesOf(record) : ([] as ExistingImage[]),
    details: policy.kind === 'single' ? (existingImagesOf(record)[0] ?? DEFAULT_DETAILS) : DEFAULT_DETAILS,
    translated: initialTranslated(def, record),
  }));
  const { values: initialValues, existing: initialExisting, details: initialDetails, translated: initialTranslatedValues } = initial;
  const [values, setValues] = useState(initialValues);
  // the translated inputs' values beside the English ones (`kn:title`; docs/decisions/0049)
  const [translated, setTranslated] = useState(initialTranslatedValues);
  const inputs = translatedInputs(def);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  // a single image chosen from the library in place of the current one (its URL)
  const [chosen, setChosen] = useState<string | null>(null);
  // the library entries of the images the form opened with, and of those chosen since: what an empty alt follows
  const library = useMediaEntries(existingImagesOf(record).map((image) => image.url));
  const [details, setDetails] = useState<ImageDetails>(initialDetails);
  const [images, setImages] = useState<PickedImage[]>(initialExisting);
  const [progress, setProgress] = useState<number | null>(null);
  // a photo being scaled down in the browser: saving waits for it
  const [preparing, setPreparing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [itemId] = useState(() => record?._id ?? newItemId());
  // the item as the form's images stand on: the record opened, or theirs once taken from an edit conflict (docs/decisions/0044)
  const [opened, setOpened] = useState(record);
  // the revision every save names as its base: the one opened, then each save's own (a ref: a save reads it after an await)
  const revision = useRef(typeof record?.revision === 'string' ? record.revision : undefined);
  const [conflict, setConflict] = useState<{ met: EditConflict; mode: SendMode } | null>(null);
  // opened from a draft newer than the published state, or an item not published: the form's save is Publish (docs/decisions/0039);
  // an autosave changes no button (the row stays the base an update sends its kept images against)
  // read from `published` and `draft`, not `state`: a scheduled item may be either
  const hasDraft = editing && isRecord(record.draft);
  const [drafted] = useState(() => editing && (record.published === false || hasDraft));
  /** Whether a draft save may leave out images for now: the item is not published (or not created yet). */
  const imagesMayWait = () => savedId.current === null || autoCreated.current || item?.published === false;

  // what a change is measured against: what the form opened with, then what the last autosave stored
  const [stored, setStored] = useState<Pick<FormState, 'values' | 'translated' | 'details' | 'chosen'> & { existing: PickedImage[] }>(
    () => ({
      ...initial,
      chosen: null,
    }),
  );
  // typed back to it counts as unchanged; a picked file or a removed/re-described image does not
  const dirty =
    file !== null ||
    chosen !== stored.chosen ||
    images.some((image) => image.file) ||
    (images !== stored.existing && JSON.stringify(images) !== JSON.stringify(stored.existing)) ||
    (details !== stored.details && JSON.stringify(details) !== JSON.stringify(stored.details)) ||
    Object.keys(stored.values).some((name) => (values[name] ?? '') !== stored.values[name]) ||
    Object.keys(stored.translated).some((key) => (translated[key] ?? '') !== stored.translated[key]);
  // a layout effect: the screen knows before the next key or click (an Esc right after typing back must see 'unchanged')
  useLayoutEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const imageTotal = images.length;
  const current: FormState = { values, translated, file, chosen, details, images };
  const imagesChanged =
    file !== null ||
    chosen !== null ||
    images.some((image) => image.file) ||
    JSON.stringify(images) !== JSON.stringify(initialExisting) ||
    JSON.stringify(details) !== JSON.stringify(initialDetails);
  const exactWrong = policy.kind === 'multiple' && policy.exact === true && imageTotal !== policy.max;

  const setValue = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // errors clear on edit
    setErrors((current) => (current[name] ? { ...current, [name]: '' } : current));
  };
  const setTranslatedValue = (key: string, value: string) => {
    setTranslated((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: '' } : current));
  };
  const setImageError = (message: string) => setErrors((current) => ({ ...current, image: message }));

  /**
   * Checks the form (`state`: as it is now, or as an edit conflict's choice just set it); `quiet` (an autosave) shows nothing;
   * `imagesLater`: a draft of an item not published, which may have too few images until its Publish (docs/decisions/0046).
   */
  function validate(quiet = false, state: FormState = current, imagesLater = false): { ok: boolean; payload: Record<string, unknown> } {
    const stored = opened?.[policy.field];
    const total =
      policy.kind === 'single' ? (state.file || state.chosen || (typeof stored === 'string' && stored) ? 1 : 0) : state.images.length;
    const entered: Record<string, unknown> = {};
    for (const field of formFields(def)) {
      const raw = state.values[field.name] ?? '';
      entered[field.name] = field.kind === 'list' ? linesOf(raw) : raw;
    }
    // a field whose condition fails is sent as its `otherwise` value (the units of an Interior project: 0)
    const payload = applyConditions(def, entered);
    // the definition's cross-field rules (the project's units) run here as on the server
    const result = validateRecord(def, payload);
    const found: Record<string, string> = { ...(result.ok ? {} : result.byField), ...translatedProblems(def, state.translated) };
    const imageProblem = imageCountProblem(policy, total);
    // too many is never fine
    if (imageProblem && !(imagesLater && (policy.kind === 'single' || total <= policy.max))) found.image = imageProblem;
    const combined = def.combinedRequiredMessage;
    const list = Object.values(found).filter(Boolean);
    // sent beside the fields (the server checks them against the same definition)
    payload.translations = translationsOut(def, state.translated);
    if (quiet) return { ok: list.length === 0, payload };
    if (combined && list.includes(combined)) {
      // one message for every missing value, shown once above the buttons
      for (const key of Object.keys(found)) if (found[key] === combined) delete found[key];
      setFormErrors([combined]);
    } else setFormErrors([]);
    setErrors(found);
    return { ok: list.length === 0, payload };
  }

  /** The form as it is now, for its live preview: no checks, nothing shown as an error. */
  function previewRequest(): ItemPreviewRequest {
    const fields: ItemPreviewRequest['fields'] = {};
    for (const field of formFields(def)) {
      const raw = values[field.name] ?? '';
      fields[field.name] = field.kind === 'list' ? linesOf(raw) : raw;
    }
    const stored = opened?.[policy.field];
    const shownUrl = file ? null : (chosen ?? (typeof stored === 'string' && stored ? stored : null));
    const kept: ItemPreviewRequest['images'] =
      policy.kind === 'single'
        ? shownUrl
          ? [{ url: shownUrl, ...detailsOut(details) }]
          : []
        : images
            .filter((image): image is ExistingImage => !image.file)
            .map((image) => ({
              url: image.url,
              ...detailsOut(image),
              ...(policy.withDescriptions ? { description: image.description } : {}),
              translations: imageTranslationsOut(image.translations, policy.withDescriptions === true),
            }));
    return { resource: resourceKey, id: itemId, fields, images: kept, translations: translationsOut(def, translated) };
  }

  const body = (payload: Record<string, unknown>, state: FormState = current) =>
    resourceFormData(def, formFields(def), payload, state, { editing: savedId.current !== null, omitEmpty: props.omitEmpty });
  const draftPath = (id: string | null) => (id !== null ? `/${def.path}/${encodeURIComponent(id)}/draft` : `/${def.path}/drafts`);
  // an existing item's saves name the revision they build on; someone else's save since is then shown, never overwritten
  const based = (id: string | null) => (id !== null ? baseRevision(revision.current) : {});
  const revised = (reply: { data: { revision?: string } }) => {
    if (typeof reply.data.revision === 'string') revision.current = reply.data.revision;
  };
  const metConflict = (error: unknown) => (error instanceof ApiError ? error.conflict : undefined);
  /** The item saves go to (null: not created yet), once a create on its way has answered. */
  const target = async () => {
    await creating.current;
    return savedId.current;
  };
  /** Runs `create` as the one create on its way: a save meanwhile waits for it, then goes to the item it made. */
  const asCreate = <T extends { id: string }>(create: Promise<T>): Promise<T> => {
    const tracked = create.then((made) => {
      savedId.current = made.id;
      return made;
    });
    creating.current = tracked.then(
      () => undefined,
      () => undefined,
    );
    void creating.current.then(() => {
      creating.current = null;
    });
    return tracked;
  };

  /**
   * Saves as the form's button says: `save` (add or update, live at once), `draft` (nothing visitors see changes) or
   * `publish` (the form as a draft, then published). `state`: the form as an edit conflict's choice just set it.
   */
  async function send(requested: SendMode, state: FormState = current) {
    if (progress !== null || preparing) return;
    const { ok, payload } = validate(false, state, requested === 'draft' && imagesMayWait());
    if (!ok) return;
    setProgress(0);
    // an autosave creating the item: this save is of the draft it creates, and so publishes rather than adds
    const id = await target();
    const added = requested === 'save' && autoCreated.current;
    const mode = added ? 'publish' : requested;
    const form = body(payload, state);
    const name = String(payload[def.titleField] ?? '');
    // a direct call, not the screen's action: a fetcher cannot report the upload's progress (decision 0033)
    const call = async (): Promise<{ id: string; message?: string }> => {
      if (mode === 'save') {
        const method = id !== null ? def.updateMethod : 'POST';
        const path = id !== null ? `/${def.path}/${encodeURIComponent(id)}` : `/${def.path}`;
        const saved = await sendMultipart<WrittenReply>(method, path, form, setProgress, undefined, based(id));
        revised(saved);
        return { id: saved.data._id };
      }
      const saved = await sendMultipart<WrittenReply | DraftWrittenReply>(
        id !== null ? 'PUT' : 'POST',
        draftPath(id),
        form,
        setProgress,
        undefined,
        based(id),
      );
      revised(saved);
      const written = 'id' in saved.data ? String(saved.data.id) : saved.data._id;
      if (mode === 'publish') revised(await publishItem(def, written, id !== null ? revision.current : undefined));
      return { id: written };
    };
    let met: EditConflict | undefined;
    const written = await runWrite(() => (id === null ? asCreate(call()) : call()), {
      success: () =>
        mode === 'draft'
          ? draftCopy.draftSaved
          : added
            ? messages.created
            : mode === 'publish'
              ? draftCopy.published(name)
              : id !== null
                ? messages.updated
                : messages.created,
      // an Add that publishes the draft its autosave made says what an Add says
      failure: added
        ? messages.saveFailed
        : mode === 'publish'
          ? draftCopy.publishFailed
          : mode === 'draft'
            ? draftCopy.failed
            : messages.saveFailed,
      // someone else's change is shown in the conflict dialog, not as a failure
      failureToast: (error) => {
        met = metConflict(error);
        return met === undefined;
      },
      duration: toastMs,
    });
    setProgress(null);
    if (written.ok) onSaved({ _id: written.reply.id, [def.titleField]: name });
    else if (met) setConflict({ met, mode });
    else setFormErrors([messages.saveFailed(written.error)]);
  }

  /** The form's state once an edit conflict is settled by `choices` (every field theirs, every field mine, or each as chosen). */
  function settled(met: EditConflict, choices: (name: string) => Side): FormState {
    const theirs: AnyRecord = { ...met.values, _id: itemId };
    const next: FormState = { ...current, values: { ...values } };
    for (const field of formFields(def)) if (choices(field.name) === 'theirs') next.values[field.name] = initialValue(field, theirs);
    const theirTranslated = initialTranslated(def, theirs);
    next.translated = { ...translated };
    for (const { key } of inputs) if (choices(key) === 'theirs') next.translated[key] = theirTranslated[key];
    const theirImages = existingImagesOf(theirs);
    // images the editor did not touch follow theirs: sending the ones opened would undo their change
    if (!imagesChanged || choices(IMAGES_CHOICE) === 'theirs') {
      next.file = null;
      next.chosen = null;
      next.details = policy.kind === 'single' ? (theirImages[0] ?? DEFAULT_DETAILS) : DEFAULT_DETAILS;
      next.images = policy.kind === 'multiple' ? theirImages : [];
    } else if (policy.kind === 'multiple') {
      // only images the item still has can be kept (one they removed is in the history), and those chosen from the library
      const openedUrls = existingImagesOf(opened).map((image) => image.url);
      next.images = images.filter(
        (image) => image.file || !openedUrls.includes(image.url) || theirImages.some((their) => their.url === image.url),
      );
    }
    setOpened(theirs);
    setValues(next.values);
    setTranslated(next.translated);
    setFile(next.file);
    setChosen(next.chosen);
    setDetails(next.details);
    setImages(next.images);
    revision.current = met.revision;
    setConflict(null);
    return next;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(drafted ? 'publish' : 'save');
  }

  // autosave: changed, with no new file to upload (that waits for a button); an item already saved whenever it changes
  // (saying so when it does not check out), a new one once it checks out as a draft, which its first autosave creates
  // (docs/decisions/0046); stopped by someone else's change until the editor settles it
  const pendingFiles = file !== null || images.some((image) => image.file);
  const autosave = useDraftAutosave(
    JSON.stringify([values, translated, details, chosen, images.map((image) => ('url' in image ? image.url : ''))]),
    dirty && !pendingFiles && progress === null && !preparing && conflict === null && (item !== null || validate(true, current, true).ok),
    async () => {
      const { ok, payload } = validate(true, current, imagesMayWait());
      if (!ok) return 'failed';
      // the draft holds the form as it is now (no file waits): a change is measured from it once it is stored
      const storing = { values, translated, details, existing: images, chosen };
      const id = await target();
      if (id === null) {
        const reply = await asCreate(
          sendMultipart<WrittenReply>('POST', draftPath(null), body(payload), () => undefined).then((made) => ({ id: made.data._id })),
        );
        autoCreated.current = true;
        const made: AnyRecord = { _id: reply.id, published: false, [def.titleField]: payload[def.titleField] };
        setCreated(made);
        props.onCreated?.(made);
        setStored(storing);
        return 'saved';
      }
      try {
        revised(
          await sendMultipart<DraftWrittenReply>(
            'PUT',
            `${draftPath(id)}?autosave=true`,
            body(payload),
            () => undefined,
            undefined,
            based(id),
          ),
        );
      } catch (error) {
        const met = metConflict(error);
        if (!met) throw error;
        setConflict({ met, mode: 'draft' });
        return 'stopped';
      }
      setStored(storing);
      return 'saved';
    },
  );

  const busy = progress !== null;
  const labels = props.submitLabels ?? {
    add: commonCopy.add,
    edit: commonCopy.update,
    adding: commonCopy.saving,
    updating: commonCopy.saving,
  };

  return (
    <div className={previewing ? 'gap-6 lg:grid lg:grid-cols-2' : undefined}>
      <form
        onSubmit={submit}
        noValidate
        // on a phone the preview takes the form's place (kept mounted: nothing typed is lost)
        className={`grid grid-cols-1 gap-4 md:grid-cols-2 ${previewing ? 'max-lg:hidden' : ''}`}
        aria-busy={busy}
      >
        {formFields(def).map((field) => {
          const english = (
            <ResourceFormField
              key={field.name}
              def={def}
              field={field}
              id={`${formId}-${field.name}`}
              values={values}
              error={errors[field.name]}
              options={props.fieldOptions?.[field.name] ?? field.options}
              hardLimit={props.hardLimits?.includes(field.name)}
              counter={props.counters?.includes(field.name)}
              paired={inputs.some((entry) => entry.field === field)}
              onChange={(value) => setValue(field.name, value)}
            />
          );
          const translations = inputs.filter((entry) => entry.field === field);
          if (!translations.length) return english;
          // the English input and its translations side by side (docs/decisions/0049)
          return (
            <SideBySide key={field.name} className="md:col-span-2">
              {english}
              {translations.map(({ language, key, label }) => (
                <TranslatedField
                  key={key}
                  id={`${formId}-${key}`}
                  language={language}
                  label={label}
                  value={translated[key] ?? ''}
                  multiline={field.kind === 'textarea' || field.kind === 'list'}
                  rows={field.kind === 'list' ? 3 : 4}
                  placeholder={field.kind === 'list' ? 'One per line' : undefined}
                  disabled={!fieldApplies(def, field.name, values)}
                  error={errors[key]}
                  onChange={(value) => setTranslatedValue(key, value)}
                />
              ))}
            </SideBySide>
          );
        })}

        <div className="md:col-span-2">
          {policy.kind === 'single' ? (
            <SingleImagePicker
              label={
                props.imageLabel ? (editing ? props.imageLabel.edit : props.imageLabel.add) : `${commonCopy.image}${editing ? '' : ' *'}`
              }
              current={typeof opened?.[policy.field] === 'string' ? String(opened[policy.field]) : undefined}
              file={file}
              chosen={chosen}
              details={details}
              error={errors.image}
              library={library}
              onFile={setFile}
              onChosen={(url) => {
                setChosen(url);
                setImageError('');
              }}
              onDetails={setDetails}
              onError={setImageError}
              onBusy={setPreparing}
              translatedAlt={inputs
                .filter((entry) => entry.field.name === IMAGE_ALT_TRANSLATION.name)
                .map(({ key, label, language }) => ({ key, label, language, value: translated[key] ?? '', error: errors[key] }))}
              onTranslatedAlt={setTranslatedValue}
            />
          ) : (
            <MultiImagePicker
              label={`${commonCopy.images} *`}
              images={images}
              max={policy.max}
              maxMessage={policy.maxMessage}
              withDescriptions={policy.withDescriptions === true}
              library={library}
              error={errors.image || (policy.exact && exactWrong ? imageCountMessage(policy.minMessage, imageTotal) : '')}
              onImages={(next) => {
                setImages(next);
                setImageError('');
              }}
              onError={setImageError}
              onBusy={setPreparing}
            />
          )}
        </div>

        {formErrors.length ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 md:col-span-2">
            {formErrors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        ) : null}

        {busy ? (
          <div className="md:col-span-2">
            <div
              className="h-2 overflow-hidden rounded bg-gray-200"
              role="progressbar"
              aria-label={commonCopy.uploading(progress)}
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="h-full bg-brand transition-all" style={{ width: `${progress}%` }} />
            </div>
            <p className="mt-1 text-xs text-gray-700">{commonCopy.uploading(progress)}</p>
          </div>
        ) : null}

        {footer ? <div className="md:col-span-2">{footer}</div> : null}
        <AutosaveLine status={autosave} />
        {/* a draft to show: the item opened as one, or one autosaved since */}
        {item && (drafted || autosave === 'saved') ? <SharePreviewLink owner={`/${def.path}/${encodeURIComponent(item._id)}`} /> : null}

        <div className="flex flex-wrap justify-end gap-2 pt-2 md:col-span-2">
          {editing ? (
            <Link
              to={`/admin/history/${resourceKey}/${encodeURIComponent(record._id)}`}
              className={btn.secondary}
              aria-label={historyCopy.linkLabel(String(record[def.titleField] ?? ''))}
            >
              <History className="h-4 w-4" aria-hidden />
              {historyCopy.link}
            </Link>
          ) : null}
          <button type="button" className={`${btn.secondary} mr-auto`} aria-pressed={previewing} onClick={() => setPreviewing(!previewing)}>
            {previewing ? previewCopy.hide : previewCopy.show}
          </button>
          {onCancel ? (
            <button type="button" className={btn.secondary} onClick={onCancel} disabled={busy}>
              {commonCopy.cancel}
            </button>
          ) : null}
          <DraftButtons
            busy={busy || preparing}
            published={editing && record.published !== false}
            changed={hasDraft}
            onSaveDraft={() => void send('draft')}
            onUnpublish={editing ? props.draftActions?.unpublish : undefined}
            onDiscard={editing ? props.draftActions?.discard : undefined}
          />
          <button type="submit" className={btn.primary} disabled={busy || preparing || exactWrong}>
            {drafted
              ? busy
                ? draftCopy.publishing
                : draftCopy.publish
              : busy
                ? editing
                  ? labels.updating
                  : labels.adding
                : editing
                  ? labels.edit
                  : labels.add}
          </button>
        </div>
      </form>
      {editing && props.scheduleAction ? (
        <ScheduleFields
          schedule={isItemSchedule(record.schedule) ? record.schedule : null}
          withUnpublish
          busy={props.scheduleAction.busy}
          onSave={props.scheduleAction.save}
          className={previewing ? 'max-lg:hidden lg:col-start-1' : ''}
        />
      ) : null}
      {previewing ? <LivePreviewPane request={previewRequest()} page={def.publicPage} onHide={() => setPreviewing(false)} /> : null}
      {conflict ? (
        <EditConflictDialog
          conflict={conflict.met}
          fields={formFields(def)
            .map((field) => ({
              name: field.name,
              label: field.label,
              theirs: initialValue(field, { ...conflict.met.values, _id: itemId }),
              mine: values[field.name] ?? '',
              changedByMe: (values[field.name] ?? '') !== initialValues[field.name],
            }))
            .concat(
              // a translation is compared like a field: a Kannada edit is never overwritten unseen
              inputs.map(({ key, label }) => ({
                name: key,
                label,
                theirs: initialTranslated(def, { ...conflict.met.values, _id: itemId })[key] ?? '',
                mine: translated[key] ?? '',
                changedByMe: (translated[key] ?? '') !== initialTranslatedValues[key],
              })),
            )}
          images={{
            label: policy.kind === 'single' ? commonCopy.image : commonCopy.images,
            theirs: snapshotImageUrls(conflict.met.values[policy.field]),
            mine:
              policy.kind === 'single'
                ? file
                  ? []
                  : chosen
                    ? [chosen]
                    : snapshotImageUrls(opened?.[policy.field])
                : images.flatMap((image) => ('url' in image ? [image.url] : [])),
            newFiles: policy.kind === 'single' ? (file ? 1 : 0) : images.filter((image) => image.file).length,
            changedByMe: imagesChanged,
          }}
          onKeepMine={() =>
            void send(
              conflict.mode,
              settled(conflict.met, () => 'mine'),
            )
          }
          onTakeTheirs={() => settled(conflict.met, () => 'theirs')}
          onMerge={(choices) =>
            void send(
              conflict.mode,
              settled(conflict.met, (name) => choices[name] ?? 'mine'),
            )
          }
          onClose={() => setConflict(null)}
        />
      ) : null}
    </div>
  );
}

/** How the form saves: live at once, as a draft, or as a draft then published. */
type SendMode = 'save' | 'draft' | 'publish';

/** What the form holds that a save sends. */
interface FormState extends FormImages {
  values: Record<string, string>;
  /** The translated inputs' values (`kn:title`). */
  translated: Record<string, string>;
}
