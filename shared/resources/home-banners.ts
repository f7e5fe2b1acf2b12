/** The content resource at /api/banners. */
import { TOAST_LONG_MS, bannerCopy, screenCopy, publicNotes } from '../copy/admin';
import { defineResource, text, textarea, singleImage, bannerColumns } from './define';

export const banners = defineResource({
  path: 'banners',
  admin: {
    path: '/admin/home/banner',
    nav: { label: 'Banners', group: 'Home', order: 11 },
    screen: { copy: { ...screenCopy.homeBanners, ...bannerCopy }, toastMs: TOAST_LONG_MS, formMode: 'inline', columns: bannerColumns },
  },
  table: 'banners',
  publicPage: '/',
  ordered: true,
  publicNote: publicNotes.homeBanners,
  noun: 'Banner',
  listEnvelope: 'array',
  updateMethod: 'PUT',
  titleField: 'title',
  fields: [text('title', 'Title', 'Title is required'), textarea('description', 'Description')],
  image: singleImage(),
});
