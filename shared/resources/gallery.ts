/** The content resource at /api/gallery. */
import { DEFAULT_GALLERY_CATEGORIES } from '../resource-options';
import { defineResource, text, UP_TO_TWENTY_IMAGES } from './define';

export const gallery = defineResource({
  path: 'gallery',
  admin: { path: '/admin/gallery', nav: { label: 'Gallery', order: 50 }, module: 'gallery' },
  table: 'gallery',
  publicPage: '/gallery',
  ordered: true,
  noun: 'Gallery item',
  listEnvelope: 'data',
  updateMethod: 'PUT',
  titleField: 'title',
  fields: [
    text('title', 'Project Title', 'Project title is required'),
    // free text: admins may add categories beyond the defaults
    { ...text('category', 'Category', 'Category is required', 60), suggestions: DEFAULT_GALLERY_CATEGORIES },
  ],
  image: { ...UP_TO_TWENTY_IMAGES, withDescriptions: true },
});
