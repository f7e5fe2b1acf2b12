/**
 * The public forms' pieces (the contact form and the project enquiry): one look for a labelled field, the
 * message under it and the notice above the form, so both forms read and announce their errors the same way.
 */
import type { ReactNode } from 'react';

/** An input's classes: the error border while its field has a message. */
export function fieldInputClass(invalid: boolean): string {
  return `mt-1 block w-full rounded-lg border px-4 py-3 text-gray-900 shadow-sm focus:border-brand-dark focus:ring-2 focus:ring-orange-200 focus:outline-none ${
    invalid ? 'border-red-600' : 'border-gray-300'
  }`;
}

/** What ties an invalid control to its message (`<id>-error`), for screen readers. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}

/** The message under a field (or a group of choices) whose control is `id`. */
export function FieldErrorText({ id, error, testId }: { id: string; error: string | undefined; testId: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={testId}>
      {error}
    </p>
  ) : null;
}

/** A label above its control (the child, whose id is `id`) and the control's message under it. */
export function LabelledField(props: { id: string; label: string; error: string | undefined; testId: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={props.id} className="text-sm font-semibold text-gray-900">
        {props.label}
      </label>
      {props.children}
      <FieldErrorText id={props.id} error={props.error} testId={props.testId} />
    </div>
  );
}

/** The line above a form that says it was sent or why not. */
export function FormNotice({ notice, testId }: { notice: { text: string; ok: boolean } | null; testId: string }) {
  return notice ? (
    <p
      role="status"
      data-testid={testId}
      className={`mt-4 rounded-lg px-4 py-3 text-sm font-semibold ${notice.ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
    >
      {notice.text}
    </p>
  ) : null;
}
