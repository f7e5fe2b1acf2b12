/**
 * A throwaway 16th resource for tests: one definition, nothing else. The tests build its table,
 * API and admin entries from it, as the site does for its own resources.
 */
import { defineResource } from '../../shared/resources';

export const widgets = defineResource({
  path: 'widgets',
  table: 'widgets',
  noun: 'Widget',
  listEnvelope: 'data',
  updateMethod: 'PUT',
  titleField: 'name',
  publicPage: '/',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: 'Name is required', max: 100 },
    { name: 'size', label: 'Size', kind: 'integer' },
    { name: 'madeOn', label: 'Made On', kind: 'date' },
    { name: 'shape', label: 'Shape', kind: 'select', required: 'Shape is required', options: ['Round', 'Square'] },
    { name: 'tags', label: 'Tags', kind: 'list', max: 50 },
  ],
  image: {
    kind: 'multiple',
    field: 'images',
    min: 1,
    max: 3,
    minMessage: 'At least one image is required',
    maxMessage: 'Maximum 3 images allowed',
  },
  admin: {
    path: '/admin/widgets',
    nav: { label: 'Widgets', group: 'Home', order: 14 },
    screen: {
      copy: {
        title: 'Widget Management',
        add: 'Add Widget',
        formAdd: 'Add Widget',
        formEdit: 'Edit Widget',
        empty: 'No widgets yet',
        fetchFailed: 'Failed to fetch widgets',
        confirm: 'Are you sure you want to delete this widget?',
        created: 'Widget created successfully',
        updated: 'Widget updated successfully',
        deleted: 'Widget deleted successfully',
        saveFailed: 'Failed to save widget',
        deleteFailed: 'Failed to delete widget',
      },
      toastMs: 3000,
      columns: [
        { kind: 'images', header: 'Images' },
        { kind: 'text', header: 'Name', field: 'name' },
      ],
    },
  },
});
