/** The content resource at /api/bannerAbout. */
import { TOAST_LONG_MS, bannerCopy, screenCopy } from '../copy/admin';
import { defineResource, text, textarea, singleImage, bannerColumns } from './define';

export const bannerAbout = defineResource({
  path: 'bannerAbout',
  admin: {
    path: '/admin/about/banner',
    nav: { label: 'About Banners', group: 'About Us', order: 21 },
    screen: { copy: { ...screenCopy.aboutBanners, ...bannerCopy }, toastMs: TOAST_LONG_MS, columns: bannerColumns },
  },
  table: 'banner_about',
  publicPage: '/about',
  ordered: true,
  noun: 'Banner',
  listEnvelope: 'banners',
  updateMethod: 'PUT',
  titleField: 'title',
  fields: [text('title', 'Title', 'Title is required'), textarea('description', 'Description')],
  image: singleImage(),
});
