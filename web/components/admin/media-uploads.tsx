/**
 * The media library's uploads: many files picked or dropped at once, each checked and scaled in the browser as every
 * image field does (image-files.ts), then sent on its own (POST /api/media) with a progress bar of its own; a replaced
 * file (POST /api/media/:id/file) goes the same way.
 */
import { useId, useRef, useState } from 'react';
import { maxImageMb, type AdminLimits } from '../../../shared/admin-limits';
import { commonCopy, mediaCopy as copy } from '../../../shared/copy/admin';
import type { MediaEntry } from '../../../shared/media';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { errorText, sendMultipart } from '../../lib/admin/api';
import { prepareImageFile } from '../../lib/admin/image-files';
import type { MediaUploadedReply } from '../../lib/admin/media-view';
import { btn } from './classes';
import { ImageDropZone } from './image-drop-zone';

/** Uploads sent at once: the server takes up to 8 waiting images in all, and other admins upload too. */
const PARALLEL_UPLOADS = 3;

/** One file on its way up, as its line shows it. */
export interface Upload {
  key: number;
  name: string;
  percent: number;
  state: 'preparing' | 'uploading' | 'done' | 'failed';
  problem?: string;
}

/** Runs the jobs, `parallel` at a time, in their order. */
async function inTurn(jobs: (() => Promise<void>)[], parallel: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next];
      next += 1;
      await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
}

const uploadStatus = (upload: Upload, done: string) =>
  upload.state === 'preparing'
    ? copy.preparing
    : upload.state === 'uploading'
      ? commonCopy.uploading(upload.percent)
      : upload.state === 'done'
        ? done
        : (upload.problem ?? copy.uploadFailed(''));

/**
 * Checks and scales `file` as every image field does, then sends it as the multipart field `field` to `path`, telling
 * `change` each step; the reply, or null when the file was refused or the send failed (the upload then says why).
 */
export async function sendImage<T>(
  file: File,
  limits: AdminLimits,
  { path, field, many }: { path: string; field: string; many: boolean },
  change: (changes: Partial<Upload>) => void,
): Promise<T | null> {
  const prepared = await prepareImageFile(file, limits, many);
  if (!prepared.ok) {
    change({ state: 'failed', problem: prepared.problem });
    return null;
  }
  change({ state: 'uploading' });
  const form = new FormData();
  form.append(field, prepared.file);
  try {
    const reply = await sendMultipart<T>('POST', path, form, (percent) => change({ percent }));
    change({ state: 'done', percent: 100 });
    return reply;
  } catch (failure) {
    change({ state: 'failed', problem: copy.uploadFailed(errorText(failure, '')) });
    return null;
  }
}

/** One file's line: its name, its progress bar and where it is (`done` once it went up). */
export function UploadLine({ upload, done = copy.uploaded }: { upload: Upload; done?: string }) {
  return (
    <li className="grid grid-cols-1 items-center gap-1 sm:grid-cols-[minmax(0,14rem)_1fr_auto] sm:gap-3">
      <span className="truncate font-medium text-gray-900" title={upload.name}>
        {upload.name}
      </span>
      <progress
        max={100}
        value={upload.percent}
        aria-label={copy.uploadProgress(upload.name)}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200 [&::-moz-progress-bar]:bg-brand-dark [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-brand-dark"
      />
      {/* a failure is announced; progress is read from the bar itself, not called out at every step */}
      <span className={upload.state === 'failed' ? 'text-red-700' : 'text-gray-700'} role={upload.state === 'failed' ? 'alert' : undefined}>
        {uploadStatus(upload, done)}
      </span>
    </li>
  );
}

interface MediaUploadsProps {
  /** Once every file of a batch has gone up or failed, with the entries of those that went up. */
  onUploaded: (uploaded: MediaEntry[]) => void;
  /** Shown as the section's heading (the Choose from library dialog's); without it the heading is for screen readers only. */
  title?: string;
  /** One file at a time (a field of one image). */
  single?: boolean;
}

/** The drop zone and, once files are given, one line per file. */
export function MediaUploads({ onUploaded, title, single = false }: MediaUploadsProps) {
  const limits = useAdminLimits();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const keys = useRef(0);
  const titleId = useId();
  const change = (key: number, changes: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...changes } : upload)));

  async function send(key: number, file: File): Promise<MediaEntry[]> {
    const reply = await sendImage<MediaUploadedReply>(file, limits, { path: '/media', field: 'files', many: true }, (changes) =>
      change(key, changes),
    );
    return reply?.data.items ?? [];
  }

  async function take(files: File[]) {
    if (files.length === 0) return;
    const batch = files.map((file) => ({ key: (keys.current += 1), name: file.name, percent: 0, state: 'preparing' as const, file }));
    setUploads((all) => [...batch.map(({ file: _file, ...upload }) => upload), ...all]);
    // each file's entries in the batch's order, whichever went up first
    const uploaded: MediaEntry[][] = batch.map(() => []);
    await inTurn(
      batch.map(({ key, file }, index) => async () => {
        uploaded[index] = await send(key, file);
      }),
      PARALLEL_UPLOADS,
    );
    onUploaded(uploaded.flat());
  }

  const finished = uploads.some((upload) => upload.state === 'done' || upload.state === 'failed');
  return (
    <section aria-labelledby={titleId} className="mb-6">
      {title ? (
        <h3 id={titleId} className="mb-2 font-semibold text-gray-900">
          {title}
        </h3>
      ) : (
        <h2 id={titleId} className="sr-only">
          {copy.uploadsTitle}
        </h2>
      )}
      <ImageDropZone multiple={!single} onFiles={(files) => void take(single ? files.slice(0, 1) : files)} />
      <p className="mt-1 text-xs text-gray-600">{commonCopy.imageHint(maxImageMb(limits))}</p>
      {uploads.length > 0 ? (
        <div className="mt-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm">
          <ul className="space-y-2 text-sm">
            {uploads.map((upload) => (
              <UploadLine key={upload.key} upload={upload} />
            ))}
          </ul>
          {finished ? (
            <button
              type="button"
              className={`${btn.secondary} mt-3`}
              onClick={() => setUploads((all) => all.filter((upload) => upload.state === 'preparing' || upload.state === 'uploading'))}
            >
              {copy.clearUploads}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
