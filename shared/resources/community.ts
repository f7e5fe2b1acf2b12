/** The content resource at /api/communityAbout. */
import { PREVIEW_CHARS, TOAST_LONG_MS, screenCopy } from '../copy/admin';
import { defineResource, text, textarea } from './define';

const COMMUNITY_IMAGE_COUNT = 3;

export const communityAbout = defineResource({
  path: 'communityAbout',
  admin: {
    path: '/admin/about/community',
    nav: { label: 'Community', group: 'About Us', order: 22 },
    screen: {
      copy: screenCopy.community,
      toastMs: TOAST_LONG_MS,
      columns: [
        { kind: 'images', header: 'Images' },
        { kind: 'text', header: 'Title', field: 'title' },
        { kind: 'text', header: 'Description', field: 'description', preview: PREVIEW_CHARS },
      ],
    },
  },
  table: 'community_about',
  publicPage: '/about',
  ordered: true,
  noun: 'Entry',
  listEnvelope: 'data',
  updateMethod: 'PUT',
  titleField: 'title',
  fields: [text('title', 'Title', 'Title is required'), textarea('description', 'Description', 'Description is required')],
  image: {
    kind: 'multiple',
    field: 'images',
    min: COMMUNITY_IMAGE_COUNT,
    max: COMMUNITY_IMAGE_COUNT,
    exact: true,
    minMessage: 'Please upload exactly 3 images. You currently have {count}.',
    maxMessage: 'You can only have a total of 3 images...',
  },
});
