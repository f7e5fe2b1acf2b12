// engine-independent: checks the demo records against the definitions; no database
/** The demo content covers every section the issue lists and passes the same validation as an admin's input. */
import { describe, expect, it } from 'vitest';
import { CLIENT_CATEGORIES, DEFAULT_GALLERY_CATEGORIES, PROJECT_CATEGORIES, PROJECT_STATUSES } from '../../shared/resource-options';
import { RESOURCE_KEYS, resources } from '../../shared/resources';
import { validateRecord } from '../../shared/validation';
import { demoRecords } from './demo-content';

describe('demo content', () => {
  it('fills every resource with records valid under the admin rules', () => {
    for (const key of RESOURCE_KEYS) {
      expect(demoRecords[key].length, key).toBeGreaterThan(0);
      for (const record of demoRecords[key]) {
        const result = validateRecord(resources[key], record.fields);
        expect(result.ok ? [] : result.errors, `${key}: ${JSON.stringify(record.fields)}`).toEqual([]);
        const policy = resources[key].image;
        const count = record.images.length;
        if (policy.kind === 'single') expect(count).toBe(1);
        else expect(count >= policy.min && count <= policy.max, key).toBe(true);
      }
    }
  });

  it('has projects of both categories in every status', () => {
    const pairs = new Set(demoRecords.project.map((p) => `${p.fields.category}/${p.fields.status}`));
    for (const category of PROJECT_CATEGORIES) for (const status of PROJECT_STATUSES) expect(pairs).toContain(`${category}/${status}`);
  });

  it('has gallery items in every default category and client stories in every category', () => {
    expect(new Set(demoRecords.gallery.map((g) => g.fields.category))).toEqual(new Set(DEFAULT_GALLERY_CATEGORIES));
    expect(new Set(demoRecords.clients.map((c) => c.fields.category))).toEqual(new Set(CLIENT_CATEGORIES));
  });

  it('has top projects with and without offers, and a community entry with 3 images', () => {
    const offers = demoRecords.topprojects.map((p) => Boolean(p.fields.offer));
    expect(offers).toContain(true);
    expect(offers).toContain(false);
    expect(demoRecords.communityAbout[0].images).toHaveLength(3);
  });
});
