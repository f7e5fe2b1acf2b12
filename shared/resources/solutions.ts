/** The content resource at /api/solution. */
import { TOAST_LONG_MS, screenCopy } from '../copy/admin';
import { defineResource, text, singleImage } from './define';

export const solution = defineResource({
  path: 'solution',
  admin: {
    path: '/admin/interior/solution',
    nav: { label: 'Solutions', group: 'Interior', order: 82 },
    screen: {
      copy: screenCopy.solutions,
      toastMs: TOAST_LONG_MS,
      columns: [
        { kind: 'image', alt: 'name' },
        { kind: 'text', header: 'Name', field: 'name' },
      ],
    },
  },
  table: 'solution',
  publicPage: '/interior',
  ordered: true,
  noun: 'Solution',
  listEnvelope: 'array',
  updateMethod: 'PUT',
  titleField: 'name',
  combinedRequiredMessage: 'Name and image are required.',
  fields: [text('name', 'Name', 'Name and image are required.')],
  image: singleImage('Name and image are required.'),
});
