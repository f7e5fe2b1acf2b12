/** The content resource at /api/property. */
import { TOAST_LONG_MS, screenCopy, publicNotes } from '../copy/admin';
import { defineResource, text, singleImage } from './define';

export const property = defineResource({
  path: 'property',
  admin: {
    path: '/admin/home/property',
    nav: { label: 'Properties', group: 'Home', order: 12 },
    screen: {
      copy: screenCopy.properties,
      toastMs: TOAST_LONG_MS,
      formMode: 'inline',
      columns: [{ kind: 'image' }, { kind: 'text', header: 'Title', field: 'title' }],
    },
  },
  table: 'property',
  publicPage: '/',
  ordered: true,
  publicNote: publicNotes.properties,
  noun: 'Property',
  listEnvelope: 'array',
  updateMethod: 'PUT',
  titleField: 'title',
  fields: [text('title', 'Title', 'Title is required')],
  image: singleImage(),
});
