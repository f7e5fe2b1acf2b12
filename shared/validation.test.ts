import { describe, expect, it } from 'vitest';
import { resources } from './resources';
import { UNITS_POSITIVE_MESSAGE, validateRecord } from './validation';

describe('project validation', () => {
  it('gives the Construction units message together with the other messages', () => {
    const result = validateRecord(resources.project, { category: 'Construction', units: '0' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContain(UNITS_POSITIVE_MESSAGE);
    expect(result.errors).toContain('Project title is required');
    expect(result.byField.units).toBe(UNITS_POSITIVE_MESSAGE);
  });

  it('leaves units alone for Interior, whatever is typed', () => {
    const result = validateRecord(resources.project, { category: 'Interior', units: '0' });
    expect(result.ok ? [] : result.errors).not.toContain(UNITS_POSITIVE_MESSAGE);
  });
});
