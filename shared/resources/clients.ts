/** The content resource at /api/clients. */
import { CLIENT_CATEGORIES } from '../resource-options';
import { defineResource, text, textarea, singleImage } from './define';

const CLIENT_TESTIMONIAL_MAX = 500;

export const clients = defineResource({
  path: 'clients',
  admin: { path: '/admin/client', nav: { label: 'Clients', order: 30 }, module: 'clients' },
  table: 'clients',
  publicPage: '/client',
  ordered: true,
  noun: 'Client',
  listEnvelope: 'array',
  updateMethod: 'PUT',
  titleField: 'name',
  fields: [
    text('name', 'Client Name', 'Client name is required'),
    text('title', 'Project Title', 'Project title is required'),
    {
      ...textarea('description', 'Testimonial', 'Description is required', CLIENT_TESTIMONIAL_MAX),
      maxMessage: `Testimonial must be at most ${CLIENT_TESTIMONIAL_MAX} characters`,
    },
    {
      name: 'category',
      label: 'Category',
      kind: 'select',
      required: 'Category is required',
      options: CLIENT_CATEGORIES,
    },
  ],
  image: singleImage(),
});
