/** The content resource at /api/experience. */
import { defineResource, text, textarea, singleImage } from './define';

export const experience = defineResource({
  path: 'experience',
  admin: {
    path: '/admin/interior/experience',
    nav: { label: 'Experience Centres', group: 'Interior', order: 83 },
    module: 'experience-centres',
  },
  table: 'experience',
  publicPage: '/interior',
  ordered: true,
  noun: 'Experience center',
  listEnvelope: 'array',
  updateMethod: 'PUT',
  titleField: 'name',
  fields: [
    text('name', 'Name', 'Name is required'),
    textarea('address', 'Address', 'Address is required', 500),
    text('timing', 'Timing', 'Timing is required'),
    text('experience', 'Experience', 'Experience is required'),
  ],
  image: singleImage(),
});
