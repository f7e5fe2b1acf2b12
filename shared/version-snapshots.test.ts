import { describe, expect, it } from 'vitest';
import { changedFields, compareSnapshots } from './version-snapshots';

const image = (keys: 'stored' | 'sent', kannada: string) => {
  const url = '/uploads/0123456789abcdef0123_400x300.webp';
  const translations = { kn: { description: kannada } };
  // jsonb gives a stored snapshot back with its keys in another order than the write made them
  return keys === 'stored'
    ? { alt: 'A bright living room', url, focusX: 50, focusY: 50, description: 'Living room', translations }
    : { url, description: 'Living room', alt: 'A bright living room', focusX: 50, focusY: 50, translations };
};

describe('changed places between two snapshots', () => {
  it('are none for the same values whatever the order of their keys', () => {
    expect(
      changedFields({ title: 'Door', images: [image('stored', 'ಬಾಗಿಲು')] }, { images: [image('sent', 'ಬಾಗಿಲು')], title: 'Door' }),
    ).toEqual([]);
  });

  it('name an image’s Kannada text alone when only it changed, not the images', () => {
    const before = { images: [image('stored', 'ಮೊದಲ')] };
    const after = { images: [image('sent', 'ಎರಡನೆಯ')] };
    expect(changedFields(before, after)).toEqual(['images.0.translations.kn.description']);
    const compared = compareSnapshots(before, after, { labels: new Map([['images', 'Images']]), imageFields: ['images'] });
    expect(compared.find((field) => field.field === 'images')).toMatchObject({ changed: false, kind: 'images' });
    expect(compared.find((field) => field.field === 'images.0.translations.kn.description')).toMatchObject({
      changed: true,
      label: 'Image 1 description (Kannada)',
    });
  });
});
