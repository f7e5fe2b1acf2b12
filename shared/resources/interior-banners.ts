/** The content resource at /api/Interiorbanner. */
import { TOAST_LONG_MS, bannerCopy, screenCopy } from '../copy/admin';
import { defineResource, text, textarea, singleImage, bannerColumns } from './define';

export const Interiorbanner = defineResource({
  path: 'Interiorbanner',
  admin: {
    path: '/admin/interior/banner',
    nav: { label: 'Interior Banners', group: 'Interior', order: 81 },
    screen: { copy: { ...screenCopy.interiorBanners, ...bannerCopy }, toastMs: TOAST_LONG_MS, columns: bannerColumns },
  },
  table: 'interior_banner',
  publicPage: '/interior',
  ordered: true,
  noun: 'Banner',
  listEnvelope: 'array',
  updateMethod: 'PATCH',
  titleField: 'title',
  fields: [text('title', 'Title', 'Title is required'), textarea('description', 'Description')],
  image: singleImage(),
});
