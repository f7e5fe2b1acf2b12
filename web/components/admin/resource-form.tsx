/**
 * The one add/edit form of every content resource, built from its definition in
 * shared/resources/ and checked with the server's own validation before sending.
 */
import { useId, useLayoutEffect, useState, type FormEvent, type ReactNode } from 'react';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { commonCopy, historyCopy, previewCopy } from '../../../shared/copy/admin';
import { DEFAULT_DETAILS, imageEntries, type ImageDetails } from '../../../shared/image-details';
import { resources, type FieldDef, type ResourceDef, type ResourceKey } from '../../../shared/resources';
import { applyConditions, fieldApplies, imageCountMessage, validateRecord } from '../../../shared/validation';
import type { LivePreviewRequest } from '../../../shared/live-preview';
import type { ResourceRecord, WrittenReply } from '../../../shared/resource-replies';
import { sendMultipart } from '../../lib/admin/api';
import { runWrite } from '../../lib/admin/screen-data';
import { btn, input, label as labelClass } from './classes';
import { LivePreviewPane } from './live-preview';
import { FieldError } from './ui';
import { MultiImagePicker, SingleImagePicker, type ExistingImage, type NewImage, type PickedImage } from './image-picker';

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
  onCancel?: () => void;
  /** Told whether the form differs from what it opened with (the screen asks before it is left). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Shown above the buttons (e.g. a per-screen hint). */
  footer?: ReactNode;
}

const formFields = (def: ResourceDef) => def.fields.filter((field) => !field.hiddenInForm);

function initialValue(field: FieldDef, record: AnyRecord | null): string {
  const value = record?.[field.name];
  if (field.kind === 'list') return Array.isArray(value) ? value.join('\n') : '';
  if (field.kind === 'integer') return value === undefined || value === null || (value === 0 && !record) ? '' : String(value);
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** The images a record has, each with its caption (gallery) and details, as the picker edits them. */
function existingImagesOf(record: AnyRecord | null): ExistingImage[] {
  if (!record) return [];
  const captions = Array.isArray(record.images) ? (record.images as unknown[]) : [];
  return imageEntries(record).map((entry, i) => {
    const caption = captions[i];
    const description = caption && typeof caption === 'object' ? (caption as { description?: unknown }).description : '';
    return { ...entry, description: typeof description === 'string' ? description : '' };
  });
}

/** A details object as the API takes it (alt trimmed). */
const detailsOut = ({ alt, focusX, focusY }: ImageDetails): ImageDetails => ({ alt: alt.trim(), focusX, focusY });

/** An id for an item not saved yet, for its live preview (crypto.randomUUID needs HTTPS; this does not). */
function newItemId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function ResourceForm(props: ResourceFormProps) {
  const { resourceKey, record, messages, toastMs, onSaved, onCancel, onDirtyChange, footer } = props;
  const def: ResourceDef = resources[resourceKey];
  const policy = def.image;
  const editing = record !== null;
  const formId = useId();
  // what the form opened with, once: typed back to it counts as unchanged
  const [initial] = useState(() => ({
    values: Object.fromEntries(formFields(def).map((field) => [field.name, initialValue(field, record)])) as Record<string, string>,
    existing: policy.kind === 'multiple' ? existingImagesOf(record) : ([] as ExistingImage[]),
    details: policy.kind === 'single' ? (existingImagesOf(record)[0] ?? DEFAULT_DETAILS) : DEFAULT_DETAILS,
  }));
  const { values: initialValues, existing: initialExisting, details: initialDetails } = initial;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [details, setDetails] = useState<ImageDetails>(initialDetails);
  const [images, setImages] = useState<PickedImage[]>(initialExisting);
  const [progress, setProgress] = useState<number | null>(null);
  // a photo being scaled down in the browser: saving waits for it
  const [preparing, setPreparing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [itemId] = useState(() => record?._id ?? newItemId());

  // typed back to what it was counts as unchanged; a picked file or a removed/re-described image does not
  const dirty =
    file !== null ||
    images.some((image) => image.file) ||
    (images !== initialExisting && JSON.stringify(images) !== JSON.stringify(initialExisting)) ||
    (details !== initialDetails && JSON.stringify(details) !== JSON.stringify(initialDetails)) ||
    Object.keys(initialValues).some((name) => (values[name] ?? '') !== initialValues[name]);
  // a layout effect: the screen knows before the next key or click (an Esc right after typing back must see 'unchanged')
  useLayoutEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const imageTotal = images.length;
  const exactWrong = policy.kind === 'multiple' && policy.exact === true && imageTotal !== policy.max;

  const setValue = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // errors clear on edit
    setErrors((current) => (current[name] ? { ...current, [name]: '' } : current));
  };
  const setImageError = (message: string) => setErrors((current) => ({ ...current, image: message }));

  function validate(): { ok: boolean; payload: Record<string, unknown> } {
    const entered: Record<string, unknown> = {};
    for (const field of formFields(def)) {
      const raw = values[field.name] ?? '';
      entered[field.name] = field.kind === 'list' ? linesOf(raw) : raw;
    }
    // a field whose condition fails is sent as its `otherwise` value (the units of an Interior project: 0)
    const payload = applyConditions(def, entered);
    // the definition's cross-field rules (the project's units) run here as on the server
    const result = validateRecord(def, payload);
    const found: Record<string, string> = result.ok ? {} : { ...result.byField };
    if (policy.kind === 'single') {
      if (!editing && !file) found.image = policy.requiredOnCreate;
    } else if (imageTotal < policy.min || (policy.exact && imageTotal !== policy.max)) {
      found.image = imageCountMessage(policy.minMessage, imageTotal);
    } else if (imageTotal > policy.max) {
      found.image = policy.maxMessage;
    }
    const combined = def.combinedRequiredMessage;
    const list = Object.values(found).filter(Boolean);
    if (combined && list.includes(combined)) {
      // one message for every missing value, shown once above the buttons
      for (const key of Object.keys(found)) if (found[key] === combined) delete found[key];
      setFormErrors([combined]);
    } else setFormErrors([]);
    setErrors(found);
    return { ok: list.length === 0, payload };
  }

  /** The form as it is now, for its live preview: no checks, nothing shown as an error. */
  function previewRequest(): LivePreviewRequest {
    const fields: LivePreviewRequest['fields'] = {};
    for (const field of formFields(def)) {
      const raw = values[field.name] ?? '';
      fields[field.name] = field.kind === 'list' ? linesOf(raw) : raw;
    }
    const stored = editing ? record[policy.field] : undefined;
    const kept: LivePreviewRequest['images'] =
      policy.kind === 'single'
        ? typeof stored === 'string' && stored && !file
          ? [{ url: stored, ...detailsOut(details) }]
          : []
        : images
            .filter((image): image is ExistingImage => !image.file)
            .map((image) => ({
              url: image.url,
              ...detailsOut(image),
              ...(policy.withDescriptions ? { description: image.description } : {}),
            }));
    return { resource: resourceKey, id: itemId, fields, images: kept };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (progress !== null || preparing) return;
    const { ok, payload } = validate();
    if (!ok) return;
    const form = new FormData();
    for (const field of formFields(def)) {
      const value = payload[field.name];
      const text = Array.isArray(value) ? JSON.stringify(value) : String(value ?? '');
      if (props.omitEmpty && text === '') continue;
      form.append(field.name, text);
    }
    if (policy.kind === 'single') {
      if (file) form.append('image', file);
      const { alt, focusX, focusY } = detailsOut(details);
      form.append('imageAlt', alt);
      form.append('imageFocusX', String(focusX));
      form.append('imageFocusY', String(focusY));
    } else {
      const existing = images.filter((image): image is ExistingImage => !image.file);
      const added = images.filter((image): image is NewImage => image.file !== undefined);
      if (editing) {
        const kept = existing.map((image) => ({
          url: image.url,
          ...(policy.withDescriptions ? { description: image.description } : {}),
          ...detailsOut(image),
        }));
        form.append('existingImages', JSON.stringify(kept));
      }
      if (policy.withDescriptions) form.append('description', JSON.stringify(added.map((image) => image.description.trim())));
      form.append('newImageDetails', JSON.stringify(added.map(detailsOut)));
      for (const image of added) form.append('images', image.file);
      // the server stores kept images, then new ones, unless told where each goes (a new photo as the cover)
      const order = images.map((image) => (image.file ? existing.length + added.indexOf(image) : existing.indexOf(image)));
      if (order.some((place, i) => place !== i)) form.append('imageOrder', JSON.stringify(order));
    }
    setProgress(0);
    // a direct call, not the screen's action: a fetcher cannot report the upload's progress (decision 0033)
    const method = editing ? def.updateMethod : 'POST';
    const path = editing ? `/${def.path}/${encodeURIComponent(record._id)}` : `/${def.path}`;
    const written = await runWrite(() => sendMultipart<WrittenReply>(method, path, form, setProgress), {
      success: () => (editing ? messages.updated : messages.created),
      failure: messages.saveFailed,
      duration: toastMs,
    });
    setProgress(null);
    if (written.ok) onSaved(written.reply.data);
    else setFormErrors([messages.saveFailed(written.error)]);
  }

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
          const id = `${formId}-${field.name}`;
          const error = errors[field.name];
          const value = values[field.name] ?? '';
          const required = Boolean(field.required);
          const options = props.fieldOptions?.[field.name] ?? field.options;
          const disabled = !fieldApplies(def, field.name, values);
          const hard = props.hardLimits?.includes(field.name) ? field.max : undefined;
          const common = {
            id,
            name: field.name,
            value,
            disabled,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
            className: input,
          } as const;
          return (
            <div key={field.name} className={field.kind === 'textarea' || field.kind === 'list' ? 'md:col-span-2' : undefined}>
              <div className="flex gap-1">
                <label htmlFor={id} className={labelClass}>
                  {field.label}
                </label>
                {/* outside the label so the accessible name stays the field's label */}
                {required ? (
                  <span aria-hidden className="text-sm text-red-700">
                    *
                  </span>
                ) : null}
              </div>
              {options ? (
                <select {...common} onChange={(e) => setValue(field.name, e.currentTarget.value)}>
                  <option value="">Select {field.label.toLowerCase()}</option>
                  {options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              ) : field.kind === 'textarea' || field.kind === 'list' ? (
                <textarea
                  {...common}
                  rows={field.kind === 'list' ? 3 : 4}
                  maxLength={hard}
                  placeholder={field.kind === 'list' ? 'One per line' : field.placeholder}
                  onChange={(e) => setValue(field.name, e.currentTarget.value)}
                />
              ) : (
                <input
                  {...common}
                  type={field.kind === 'integer' ? 'number' : field.kind === 'date' ? 'date' : field.kind === 'url' ? 'url' : 'text'}
                  min={field.kind === 'integer' ? 0 : undefined}
                  placeholder={field.placeholder}
                  onChange={(e) => setValue(field.name, e.currentTarget.value)}
                />
              )}
              {props.counters?.includes(field.name) ? (
                <p className="mt-1 text-right text-xs text-gray-600" aria-live="polite">
                  {value.length}/{field.max}
                </p>
              ) : null}
              <FieldError id={`${id}-error`} message={error} />
            </div>
          );
        })}

        <div className="md:col-span-2">
          {policy.kind === 'single' ? (
            <SingleImagePicker
              label={
                props.imageLabel ? (editing ? props.imageLabel.edit : props.imageLabel.add) : `${commonCopy.image}${editing ? '' : ' *'}`
              }
              current={editing ? (record[policy.field] as string | undefined) : undefined}
              file={file}
              details={details}
              error={errors.image}
              onFile={setFile}
              onDetails={setDetails}
              onError={setImageError}
              onBusy={setPreparing}
            />
          ) : (
            <MultiImagePicker
              label={`${commonCopy.images} *`}
              images={images}
              max={policy.max}
              maxMessage={policy.maxMessage}
              withDescriptions={policy.withDescriptions === true}
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
          <button type="submit" className={btn.primary} disabled={busy || preparing || exactWrong}>
            {busy ? (editing ? labels.updating : labels.adding) : editing ? labels.edit : labels.add}
          </button>
        </div>
      </form>
      {previewing ? <LivePreviewPane request={previewRequest()} page={def.publicPage} onHide={() => setPreviewing(false)} /> : null}
    </div>
  );
}
