/** Small building blocks shared by the admin screens. */
import { AlertCircle, Loader2 } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE } from '../../../shared/image-urls';
import { imageEntries } from '../../../shared/image-details';
import { commonCopy } from '../../../shared/copy/admin';
import { btn, fieldError, input, label as labelClass } from './classes';

export function PageHeader({
  title,
  subtitle,
  children,
  headingId,
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  /** Given: the heading can take the focus (after a save or a delete, decision 0023). */
  headingId?: string;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 id={headingId} tabIndex={headingId ? -1 : undefined} className="text-2xl font-bold text-gray-900 focus:outline-none">
          {title}
        </h1>
        {subtitle ? <p className="mt-1 text-sm text-gray-600">{subtitle}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

export function Spinner({ label = commonCopy.loading }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-12 text-gray-600">
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <span>{label}</span>
    </div>
  );
}

export function ErrorView({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-800">
      <AlertCircle className="mx-auto mb-2 h-6 w-6" aria-hidden />
      <p>{message}</p>
      <button type="button" className={`${btn.primary} mt-4`} onClick={onRetry}>
        {commonCopy.tryAgain}
      </button>
    </div>
  );
}

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-gray-300 bg-white p-10 text-center">
      <p className="font-medium text-gray-700">{message}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}

/** An image that falls back to the placeholder when it cannot load. */
export function Thumb({ src, alt, className = 'h-14 w-20' }: { src: string | undefined; alt: string; className?: string }) {
  return (
    <img
      src={src || PLACEHOLDER_IMAGE}
      alt={alt}
      loading="lazy"
      className={`${className} rounded object-cover bg-gray-100`}
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
      }}
    />
  );
}

/** A short mark; `wrap`: a longer one (a scheduled item's times) that may break over lines on a phone. */
export function Badge({
  children,
  tone = 'gray',
  wrap = false,
}: {
  children: ReactNode;
  tone?: 'gray' | 'green' | 'blue' | 'orange';
  wrap?: boolean;
}) {
  const tones = {
    gray: 'bg-gray-100 text-gray-800',
    green: 'bg-green-100 text-green-800',
    blue: 'bg-blue-100 text-blue-800',
    orange: 'bg-orange-100 text-orange-900',
  };
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${wrap ? 'max-w-64 whitespace-normal text-left' : 'whitespace-nowrap'} ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

export const preview = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars)}...` : text);

/** A small "No alt text" mark beside a record's images when any of them has none (with how many of several). */
export function NoAltMark({ record }: { record: Readonly<Record<string, unknown>> }) {
  const images = imageEntries(record);
  const missing = images.filter((image) => !image.alt.trim()).length;
  if (!missing) return null;
  return (
    <span className="mt-1 inline-block whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
      {commonCopy.noAltTextCount(missing, images.length)}
    </span>
  );
}

/**
 * A field's error under it, nothing when there is none. With `id` the field points at it
 * (aria-describedby); without, it is announced as it appears (role alert).
 */
export function FieldError({ id, message, className = '' }: { id?: string; message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role={id ? undefined : 'alert'} className={`${fieldError} ${className}`.trim()}>
      {message}
    </p>
  );
}

/** A text field with its label above it, as every admin form draws one. */
export function LabelledInput({ id, label, ...inputProps }: { id: string; label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={input} {...inputProps} />
    </div>
  );
}

/** A select with its label above it (the inbox's status and filters, the pipeline's stage and owner); `onChoose` gets the value. */
export function LabelledSelect({
  id,
  label,
  className,
  onChoose,
  children,
  ...selectProps
}: { id: string; label: ReactNode; className?: string; onChoose: (value: string) => void } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'className' | 'onChange'
>) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={input} onChange={(event) => onChoose(event.target.value)} {...selectProps}>
        {children}
      </select>
    </div>
  );
}

/** A column heading: its text, or a last column of actions named for screen readers only. */
type Heading = string | { srOnly: string };

/**
 * A list table's headings, one look on every screen. `stacked`: under md the rows become cards that label
 * their own cells, so the heading row is hidden there.
 */
export function TableHead({ headings, stacked = false, compact = false }: { headings: Heading[]; stacked?: boolean; compact?: boolean }) {
  const cell = `${compact ? 'px-3 py-2' : 'px-4 py-3'} font-semibold text-gray-700`;
  return (
    <thead className={stacked ? 'hidden bg-gray-50 md:table-header-group' : 'bg-gray-50'}>
      <tr>
        {headings.map((heading) =>
          typeof heading === 'string' ? (
            <th key={heading} scope="col" className={`${cell} text-left`}>
              {heading}
            </th>
          ) : (
            <th key={heading.srOnly} scope="col" className={`${cell} text-right`}>
              <span className="sr-only">{heading.srOnly}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** A sign-in step's failure, above its button: announced at once (role="alert"). Nothing when there is none. */
export function SignInAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}
