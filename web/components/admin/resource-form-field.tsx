/** One field of the resource form: its label (and required mark), its input, select or text area, counter and error. */
import type { FieldDef, ResourceDef } from '../../../shared/resources';
import { fieldApplies } from '../../../shared/validation';
import { input, label as labelClass } from './classes';
import { FieldError } from './ui';

interface ResourceFormFieldProps {
  def: ResourceDef;
  field: FieldDef;
  id: string;
  /** Every value of the form (a field's condition may read another). */
  values: Record<string, string>;
  error?: string;
  options?: readonly string[];
  /** The max is enforced while typing. */
  hardLimit?: boolean;
  /** Shows an N/max counter. */
  counter?: boolean;
  /** Beside its translations (they take the row): it keeps one column. */
  paired?: boolean;
  onChange: (value: string) => void;
}

export function ResourceFormField({
  def,
  field,
  id,
  values,
  error,
  options,
  hardLimit,
  counter,
  paired,
  onChange,
}: ResourceFormFieldProps) {
  const value = values[field.name] ?? '';
  const required = Boolean(field.required);
  const disabled = !fieldApplies(def, field.name, values);
  const hard = hardLimit ? field.max : undefined;
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
    <div className={!paired && (field.kind === 'textarea' || field.kind === 'list') ? 'md:col-span-2' : undefined}>
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
        <select {...common} onChange={(e) => onChange(e.currentTarget.value)}>
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
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      ) : (
        <input
          {...common}
          type={field.kind === 'integer' ? 'number' : field.kind === 'date' ? 'date' : field.kind === 'url' ? 'url' : 'text'}
          min={field.kind === 'integer' ? 0 : undefined}
          placeholder={field.placeholder}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
      {counter ? (
        <p className="mt-1 text-right text-xs text-gray-600" aria-live="polite">
          {value.length}/{field.max}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
