/** Valid sample values for any resource, derived from its definition. */
import type { FieldDef, ResourceDef } from '../../shared/resources';

function sampleValue(field: FieldDef, tag: string): string {
  switch (field.kind) {
    case 'select':
      return field.options![0];
    case 'date':
      return '2026-01-15';
    case 'integer':
      return '5';
    case 'url':
      return 'https://example.com/profile';
    case 'list':
      return JSON.stringify(['First', 'Second']);
    default:
      return `${field.label} ${tag}`;
  }
}

/** Multipart text fields of a valid record. */
export function sampleFields(def: ResourceDef, tag = 'one'): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of def.fields) fields[field.name] = sampleValue(field, tag);
  return fields;
}

/** How many images a valid create sends. */
export function sampleImageCount(def: ResourceDef): number {
  return def.image.kind === 'single' ? 1 : def.image.min;
}
