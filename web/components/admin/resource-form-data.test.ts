// engine-independent: what a resource form sends for its images (library images chosen, files, kept ones); no database
import { describe, expect, it } from 'vitest';
import { DEFAULT_DETAILS } from '../../../shared/image-details';
import { resources, type ResourceDef } from '../../../shared/resources';
import { mediaByUrlPath } from '../../lib/admin/media-view';
import type { PickedImage } from './image-picker';
import { existingImagesOf, resourceFormData, shownDetails, withImageText, type FormImages } from './resource-form-data';

const LIBRARY_URL = '/uploads/0f0e0d0c0b0a09080706050403020100_1200x800.webp';
const OTHER_URL = '/uploads/00112233445566778899aabbccddeeff_800x600.webp';
const banner: ResourceDef = resources.banners;
const gallery: ResourceDef = resources.gallery;
const bannerFields = banner.fields;
const galleryFields = gallery.fields;

const images = (changes: Partial<FormImages>): FormImages => ({
  file: null,
  chosen: null,
  details: DEFAULT_DETAILS,
  images: [],
  ...changes,
});
const json = (form: FormData, name: string): unknown => JSON.parse(String(form.get(name)));

describe('what a single-image form sends', () => {
  it('names a library image chosen in place of a file, with the use’s details (empty and centre: the library’s)', () => {
    const form = resourceFormData(banner, bannerFields, { title: 'Teak' }, images({ chosen: LIBRARY_URL }), { editing: false });
    expect(form.get('image')).toBeNull();
    expect(json(form, 'existingImages')).toEqual([{ url: LIBRARY_URL, alt: '', focusX: 50, focusY: 50 }]);
    expect(form.get('imageAlt')).toBe('');
  });

  it('sends the alt text and focal point typed over the library’s as the use’s own (trimmed)', () => {
    const details = { alt: '  The doors at dusk ', focusX: 20, focusY: 70 };
    const form = resourceFormData(banner, bannerFields, { title: 'Teak' }, images({ chosen: LIBRARY_URL, details }), { editing: true });
    expect(json(form, 'existingImages')).toEqual([{ url: LIBRARY_URL, alt: 'The doors at dusk', focusX: 20, focusY: 70 }]);
    expect([form.get('imageAlt'), form.get('imageFocusX'), form.get('imageFocusY')]).toEqual(['The doors at dusk', '20', '70']);
  });

  it('sends a picked file as before, and no existingImages with it', () => {
    const file = new File(['x'], 'door.webp', { type: 'image/webp' });
    const form = resourceFormData(banner, bannerFields, { title: 'Teak' }, images({ file, chosen: null }), { editing: true });
    expect(form.get('image')).toBeInstanceOf(File);
    expect(form.get('existingImages')).toBeNull();
  });

  it('keeps the current image when nothing is picked or chosen: no file, no existingImages', () => {
    const form = resourceFormData(banner, bannerFields, { title: 'Teak' }, images({}), { editing: true });
    expect(form.get('image')).toBeNull();
    expect(form.get('existingImages')).toBeNull();
  });
});

describe('what a multi-image form sends', () => {
  const chosen: PickedImage = { url: LIBRARY_URL, description: 'Doors', ...DEFAULT_DETAILS };

  it('a create names the library images it chose as kept images, in their place among the new files', () => {
    const file = new File(['x'], 'new.webp', { type: 'image/webp' });
    const fresh: PickedImage = { file, preview: 'blob:1', description: 'New', alt: 'A new photo', focusX: 50, focusY: 50 };
    const form = resourceFormData(gallery, galleryFields, { title: 'Doors', category: 'Wood' }, images({ images: [fresh, chosen] }), {
      editing: false,
    });
    expect(json(form, 'existingImages')).toEqual([
      { url: LIBRARY_URL, description: 'Doors', alt: '', focusX: 50, focusY: 50, translations: { kn: { description: '', alt: '' } } },
    ]);
    expect(form.getAll('images')).toHaveLength(1);
    // the new file first, then the library image (kept images are stored first unless told)
    expect(json(form, 'imageOrder')).toEqual([1, 0]);
  });

  it('a create with no library image sends no existingImages (as before)', () => {
    const form = resourceFormData(gallery, galleryFields, { title: 'Doors', category: 'Wood' }, images({}), { editing: false });
    expect(form.get('existingImages')).toBeNull();
  });

  it('an edit sends the kept and chosen images with their own details', () => {
    const kept: PickedImage = { url: OTHER_URL, description: '', alt: 'Old one', focusX: 10, focusY: 90 };
    const form = resourceFormData(gallery, galleryFields, { title: 'Doors', category: 'Wood' }, images({ images: [kept, chosen] }), {
      editing: true,
    });
    expect(json(form, 'existingImages')).toEqual([
      { url: OTHER_URL, description: '', alt: 'Old one', focusX: 10, focusY: 90, translations: { kn: { description: '', alt: '' } } },
      { url: LIBRARY_URL, description: 'Doors', alt: '', focusX: 50, focusY: 50, translations: { kn: { description: '', alt: '' } } },
    ]);
    expect(form.get('imageOrder')).toBeNull();
  });
});

describe('the focal point a use shows', () => {
  const entry = { alt: 'Library alt', focusX: 30, focusY: 60 };
  it('is the library’s while the use keeps the centre', () => {
    expect(shownDetails({ alt: '', focusX: 50, focusY: 50 }, entry)).toEqual({ alt: '', focusX: 30, focusY: 60 });
  });
  it('is the use’s own once set, and the use’s when the image has no entry', () => {
    expect(shownDetails({ alt: 'Mine', focusX: 50, focusY: 20 }, entry)).toEqual({ alt: 'Mine', focusX: 50, focusY: 20 });
    expect(shownDetails(DEFAULT_DETAILS, undefined)).toEqual(DEFAULT_DETAILS);
  });
});

describe('the library lookup of a form’s images', () => {
  it('asks once for each uploaded URL, and not at all without one', () => {
    const path = mediaByUrlPath([LIBRARY_URL, OTHER_URL, LIBRARY_URL, 'https://example.com/x.jpg']);
    const params = new URLSearchParams(path?.split('?')[1]);
    expect(params.getAll('url')).toEqual([LIBRARY_URL, OTHER_URL]);
    expect(params.get('pageSize')).toBe('100');
    expect(mediaByUrlPath([])).toBeNull();
    expect(mediaByUrlPath(['/not-ours.png'])).toBeNull();
  });
  it('names at most 100 URLs', () => {
    const urls = Array.from({ length: 120 }, (_, i) => `/uploads/${i.toString(16).padStart(32, '0')}_100x100.webp`);
    expect(new URLSearchParams(mediaByUrlPath(urls)?.split('?')[1]).getAll('url')).toHaveLength(100);
  });
});

describe('what a form sends of its translations', () => {
  it('sends them beside the fields as one JSON part (docs/decisions/0049)', () => {
    const payload = { title: 'Teak', category: 'Doors', translations: { kn: { title: 'ತೇಗ' } } };
    const form = resourceFormData(gallery, galleryFields, payload, images({}), { editing: true });
    expect(json(form, 'translations')).toEqual({ kn: { title: 'ತೇಗ' } });
    expect(form.get('title')).toBe('Teak');
  });

  it('sends them even when empty values are left out (the team member form)', () => {
    const form = resourceFormData(banner, bannerFields, { title: '', translations: { kn: { title: '' } } }, images({}), {
      editing: true,
      omitEmpty: true,
    });
    expect(json(form, 'translations')).toEqual({ kn: { title: '' } });
  });
});

describe('what a form sends of its images’ own texts in Kannada', () => {
  it('each kept and new gallery image’s description and alt text, trimmed; blank ones blank (they remove the stored ones)', () => {
    const kept: PickedImage = {
      url: OTHER_URL,
      description: 'Hall',
      ...DEFAULT_DETAILS,
      translations: withImageText(undefined, 'kn', 'description', ' ಹಜಾರ '),
    };
    const file = new File(['x'], 'new.webp', { type: 'image/webp' });
    const fresh: PickedImage = {
      file,
      preview: 'blob:1',
      description: 'Door',
      ...DEFAULT_DETAILS,
      translations: withImageText(withImageText(undefined, 'kn', 'alt', 'ಕೆತ್ತಿದ ಬಾಗಿಲು'), 'kn', 'description', 'ಬಾಗಿಲು'),
    };
    const form = resourceFormData(gallery, galleryFields, { title: 'Doors', category: 'Wood' }, images({ images: [kept, fresh] }), {
      editing: true,
    });
    expect(json(form, 'existingImages')).toEqual([
      { url: OTHER_URL, description: 'Hall', ...DEFAULT_DETAILS, translations: { kn: { description: 'ಹಜಾರ', alt: '' } } },
    ]);
    expect(json(form, 'newImageDetails')).toEqual([
      { ...DEFAULT_DETAILS, translations: { kn: { description: 'ಬಾಗಿಲು', alt: 'ಕೆತ್ತಿದ ಬಾಗಿಲು' } } },
    ]);
  });

  it('a URL list’s images: their alt text only', () => {
    const kept: PickedImage = {
      url: OTHER_URL,
      description: '',
      ...DEFAULT_DETAILS,
      translations: withImageText(undefined, 'kn', 'alt', 'ಮುಂಭಾಗ'),
    };
    const form = resourceFormData(resources.project, resources.project.fields, {}, images({ images: [kept] }), { editing: true });
    expect(json(form, 'existingImages')).toEqual([{ url: OTHER_URL, ...DEFAULT_DETAILS, translations: { kn: { alt: 'ಮುಂಭಾಗ' } } }]);
  });

  it('an image the form opens with carries its stored translations (a gallery image’s, an imageDetails entry’s)', () => {
    const record = {
      _id: 'x',
      images: [{ url: OTHER_URL, description: 'Hall', ...DEFAULT_DETAILS, translations: { kn: { description: 'ಹಜಾರ' } } }],
    };
    expect(existingImagesOf(record as never)[0].translations).toEqual({ kn: { description: 'ಹಜಾರ' } });
    const list = {
      _id: 'y',
      images: [OTHER_URL],
      imageDetails: [{ url: OTHER_URL, ...DEFAULT_DETAILS, translations: { kn: { alt: 'ಮುಂಭಾಗ' } } }],
    };
    expect(existingImagesOf(list as never)[0].translations).toEqual({ kn: { alt: 'ಮುಂಭಾಗ' } });
  });
});
