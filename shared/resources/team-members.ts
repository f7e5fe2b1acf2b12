/** The content resource at /api/team-members. */
import { defineResource, text, textarea, singleImage } from './define';

export const teamMembers = defineResource({
  path: 'team-members',
  admin: { path: '/admin/TeamMembers', nav: { label: 'Team Members', order: 40 }, module: 'team-members' },
  table: 'team_members',
  publicPage: '/about',
  ordered: true,
  noun: 'Team member',
  listEnvelope: 'array',
  updateMethod: 'PUT',
  titleField: 'name',
  fields: [
    text('name', 'Name', 'Name is required'),
    text('title', 'Title', 'Title is required'),
    { ...text('role', 'Role', undefined), hiddenInForm: true },
    textarea('description', 'Description'),
    { name: 'linkedin', label: 'LinkedIn', kind: 'url', max: 300, hiddenInForm: true },
    { name: 'twitter', label: 'Twitter', kind: 'url', max: 300, hiddenInForm: true },
  ],
  image: singleImage(),
});
