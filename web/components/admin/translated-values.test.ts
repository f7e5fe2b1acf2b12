// engine-independent: the admin's translated inputs, what a save sends of them and what a list marks missing; no database
import { describe, expect, it } from 'vitest';
import { resources, type ResourceDef } from '../../../shared/resources';
import {
  initialTranslated,
  missingCounts,
  translatedInputs,
  translatedProblems,
  translationsOf,
  translationsOut,
} from './translated-values';

const gallery: ResourceDef = resources.gallery;
const projects: ResourceDef = resources.project;

describe('translated inputs', () => {
  it('are the translatable fields the form shows, labelled with the language, never a choice or a suggested value', () => {
    expect(translatedInputs(gallery).map(({ key, label }) => [key, label])).toEqual([['kn:title', 'Project Title (Kannada)']]);
    const keys = translatedInputs(projects).map((input) => input.key);
    expect(keys).toContain('kn:description');
    expect(keys).toContain('kn:categories');
    // a choice (status) and a number or date are the same in every language
    expect(keys).not.toContain('kn:status');
    expect(keys).not.toContain('kn:launchDate');
  });

  it('open with the record’s translations, a list one item per line, and blank where there is none', () => {
    const record = {
      _id: 'a',
      title: 'Teak door',
      categories: ['Villa'],
      translations: { kn: { title: 'ತೇಗದ ಬಾಗಿಲು', categories: ['ವಿಲ್ಲಾ', 'ಮನೆ'] } },
    };
    const values = initialTranslated(projects, record);
    expect(values['kn:title']).toBe('ತೇಗದ ಬಾಗಿಲು');
    expect(values['kn:categories']).toBe('ವಿಲ್ಲಾ\nಮನೆ');
    expect(values['kn:location']).toBe('');
    expect(initialTranslated(gallery, null)).toEqual({ 'kn:title': '' });
  });

  it('ignore translations of the wrong shape rather than showing them', () => {
    expect(translationsOf({ translations: 'ಮನೆ' })).toEqual({});
    expect(translationsOf({ translations: { kn: { title: 4, awards: ['ಪ್ರಶಸ್ತಿ', 5] }, xx: { title: 'a' } } })).toEqual({
      kn: { awards: ['ಪ್ರಶಸ್ತಿ'] },
    });
  });
});

describe('what a save sends', () => {
  it('sends every input, trimmed, a list as its lines, and a blank one blank so the stored value is removed', () => {
    const out = translationsOut(projects, { 'kn:title': '  ಮನೆ ', 'kn:categories': 'ವಿಲ್ಲಾ\n\n ಮನೆ \n', 'kn:location': '   ' });
    expect(out.kn?.title).toBe('ಮನೆ');
    expect(out.kn?.categories).toEqual(['ವಿಲ್ಲಾ', 'ಮನೆ']);
    expect(out.kn?.location).toBe('');
    expect(out.kn?.awards).toEqual([]);
  });

  it('refuses a value longer than its English field allows, naming the language', () => {
    expect(translatedProblems(gallery, { 'kn:title': 'ಅ'.repeat(201) })).toEqual({
      'kn:title': 'Project Title (Kannada) must be at most 200 characters',
    });
    expect(translatedProblems(gallery, { 'kn:title': 'ಅ'.repeat(200) })).toEqual({});
  });
});

describe('the missing marker', () => {
  it('counts the texts with English and no Kannada; an item fully translated has none', () => {
    const item = { _id: 'a', title: 'Teak door', category: 'Doors' };
    expect(missingCounts(gallery, item)).toEqual({ kn: 1 });
    expect(missingCounts(gallery, { ...item, translations: { kn: { title: '  ' } } })).toEqual({ kn: 1 });
    expect(missingCounts(gallery, { ...item, translations: { kn: { title: 'ತೇಗದ ಬಾಗಿಲು' } } })).toEqual({});
  });

  it('does not count a field with no English text', () => {
    expect(missingCounts(projects, { _id: 'a', title: 'Villa', location: '', categories: [] })).toEqual({ kn: 1 });
  });

  it('counts a gallery image’s description without Kannada, not its alt text (a page may show the library’s)', () => {
    const image = { url: '/uploads/a_1x1.webp', alt: 'A door', focusX: 50, focusY: 50 };
    const item = {
      _id: 'a',
      title: 'Teak door',
      category: 'Doors',
      translations: { kn: { title: 'ತೇಗದ ಬಾಗಿಲು' } },
      images: [
        { ...image, description: 'The front door' },
        { ...image, description: 'Its carving', translations: { kn: { description: 'ಕೆತ್ತನೆ' } } },
        { ...image, description: '' },
      ],
    };
    expect(missingCounts(gallery, item)).toEqual({ kn: 1 });
    item.images[0] = { ...item.images[0], translations: { kn: { description: 'ಮುಂಬಾಗಿಲು' } } };
    expect(missingCounts(gallery, item)).toEqual({});
  });

  it('a single image’s Kannada alt text is an input of the form beside its English one, not counted as missing', () => {
    const clients: ResourceDef = resources.clients;
    expect(translatedInputs(clients).map(({ key, label }) => [key, label])).toContainEqual(['kn:imageAlt', 'Alt text (Kannada)']);
    expect(translationsOut(clients, { 'kn:imageAlt': ' ಕುಟುಂಬ ' }).kn).toMatchObject({ imageAlt: 'ಕುಟುಂಬ' });
    expect(translatedProblems(clients, { 'kn:imageAlt': 'ಅ'.repeat(251) })).toEqual({
      'kn:imageAlt': 'Alt text (Kannada) must be at most 250 characters',
    });
    expect(missingCounts(clients, { _id: 'a', imageAlt: 'A family' })).toEqual({});
  });
});
