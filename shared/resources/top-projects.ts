/** The content resource at /api/topprojects. */
import { TOAST_LONG_MS, screenCopy } from '../copy/admin';
import { defineResource, text, singleImage } from './define';

export const topprojects = defineResource({
  path: 'topprojects',
  admin: {
    path: '/admin/home/topprojects',
    // the spec's misspelt path shows the same screen
    aliases: ['/adminhome/propetopprojectsrty'],
    nav: { label: 'Top Projects', group: 'Home', order: 13 },
    screen: {
      copy: screenCopy.topProjects,
      toastMs: TOAST_LONG_MS,
      formMode: 'inline',
      columns: [
        { kind: 'image', alt: 'name' },
        { kind: 'text', header: 'Name', field: 'name' },
        { kind: 'text', header: 'Location', field: 'location' },
        { kind: 'text', header: 'Developer', field: 'developer' },
        { kind: 'text', header: 'Offer', field: 'offer', preview: 50 },
      ],
    },
  },
  table: 'top_projects',
  publicPage: '/',
  ordered: true,
  noun: 'Top project',
  listEnvelope: 'array',
  updateMethod: 'PUT',
  titleField: 'name',
  fields: [
    text('name', 'Name', 'Name is required'),
    text('location', 'Location', 'Location is required'),
    text('developer', 'Developer', undefined),
    text('offer', 'Offer', undefined, 300),
  ],
  image: singleImage(),
});
