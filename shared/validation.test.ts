// engine-independent: shared code; no database
import { describe, expect, it } from 'vitest';
import { resources, UNITS_POSITIVE_MESSAGE } from './resources';
import { resourceSchemas, validateRecord } from './validation';

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

describe('resourceSchemas', () => {
  const valid = {
    category: 'Interior',
    title: 'Lake view',
    location: 'Bangalore',
    developer: 'Someone',
    units: '12',
    launchDate: '2026-01-15',
    description: 'A project',
    status: 'Ongoing',
  };

  it('create needs the required fields and applies the units rule from the definition', () => {
    const { create } = resourceSchemas('project');
    const parsed = create.parse(valid);
    expect(parsed.units).toBe(0);
    const refused = create.safeParse({ ...valid, category: 'Construction', units: '0' });
    expect(refused.success).toBe(false);
    if (!refused.success) expect(refused.error.issues.map((issue) => issue.message)).toContain(UNITS_POSITIVE_MESSAGE);
    expect(create.safeParse({}).success).toBe(false);
  });

  it('update takes any subset: what is left out keeps its value', () => {
    const { update } = resourceSchemas('gallery');
    expect(update.parse({ title: 'Only the title' })).toEqual({ title: 'Only the title' });
    expect(update.safeParse({ title: '' }).success).toBe(false);
  });
});
