/** The content resource at /api/interiorportfolio. */
import { defineResource, text, textarea, singleImage } from './define';

export const interiorportfolio = defineResource({
  path: 'interiorportfolio',
  admin: { path: '/admin/interior/portfolio', nav: { label: 'Portfolio', group: 'Interior', order: 84 }, module: 'interior-portfolio' },
  table: 'interior_portfolio',
  publicPage: '/interior',
  ordered: true,
  noun: 'Portfolio',
  listEnvelope: 'array',
  updateMethod: 'PUT',
  titleField: 'title',
  combinedRequiredMessage: 'Category, Title, and Image are required.',
  fields: [
    text('category', 'Category', 'Category, Title, and Image are required.', 100),
    text('title', 'Title', 'Category, Title, and Image are required.'),
    textarea('description', 'Description (optional)'),
  ],
  image: singleImage('Category, Title, and Image are required.'),
});
