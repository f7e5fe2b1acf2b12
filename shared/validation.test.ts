// engine-independent: shared code; no database
import { describe, expect, it } from 'vitest';
import { resources, UNITS_POSITIVE_MESSAGE } from './resources';
import { imageCountMessage, imageCountProblem, resourceSchemas, validateRecord } from './validation';

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

describe('imageCountProblem', () => {
  it('asks a single-image item for its image, and a list for its least and no more than its most', () => {
    expect(imageCountProblem(resources.clients.image, 0)).toBe(resources.clients.image.requiredOnCreate);
    expect(imageCountProblem(resources.clients.image, 1)).toBeNull();
    const gallery = resources.gallery.image;
    expect(imageCountProblem(gallery, 0)).toBe(imageCountMessage(gallery.minMessage, 0));
    expect(imageCountProblem(gallery, gallery.max)).toBeNull();
    expect(imageCountProblem(gallery, gallery.max + 1)).toBe(gallery.maxMessage);
    // exactly three: two is as wrong as none
    expect(imageCountProblem(resources.communityAbout.image, 2)).toBe(imageCountMessage(resources.communityAbout.image.minMessage, 2));
  });
});
