/** The content resource at /api/project. */
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from '../resource-options';
import { defineResource, text, textarea, UP_TO_TWENTY_IMAGES } from './define';

export const UNITS_POSITIVE_MESSAGE = 'Units must be a positive number for Construction projects';
/** Blank counts as 0; a negative number is left to the field's own "must not be negative". */
const isNonZero = (value: unknown) => {
  const units = value === '' || value == null ? 0 : Number(value);
  return units > 0 || units < 0;
};
const PROJECT_DESCRIPTION_MAX = 500;

export const project = defineResource({
  path: 'project',
  admin: { path: '/admin/project', nav: { label: 'Projects', order: 60 }, module: 'projects' },
  table: 'project',
  publicPage: '/project/exterior',
  ordered: true,
  noun: 'Project',
  listEnvelope: 'array',
  updateMethod: 'PUT',
  titleField: 'title',
  fields: [
    {
      name: 'category',
      label: 'Category',
      kind: 'select',
      required: 'Category is required',
      options: PROJECT_CATEGORIES,
    },
    text('title', 'Project Title', 'Project title is required'),
    text('location', 'Location', 'Location is required'),
    text('developer', 'Developer', 'Developer is required'),
    { name: 'units', label: 'Units (Scope)', kind: 'integer' },
    { name: 'launchDate', label: 'Launch Date', kind: 'date', required: 'Launch Date is required' },
    {
      ...textarea('description', 'Description', 'Description is required', PROJECT_DESCRIPTION_MAX),
      maxMessage: `Description must be at most ${PROJECT_DESCRIPTION_MAX} characters`,
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      required: 'Status is required',
      options: PROJECT_STATUSES,
    },
    { name: 'expectedCompletion', label: 'Expected Completion', kind: 'date' },
    { name: 'completionDate', label: 'Completion Date', kind: 'date' },
    text('completion', 'Completion (%)', undefined, 20),
    text('designStyle', 'Design Style', undefined, 100),
    text('area', 'Area', undefined, 100),
    text('clientSatisfaction', 'Client Satisfaction', undefined, 100),
    { name: 'categories', label: 'Categories', kind: 'list', max: 100 },
    { name: 'awards', label: 'Awards', kind: 'list', max: 200 },
  ],
  conditionalFields: [
    {
      // units are only meaningful for Construction; any other category stores 0
      field: 'units',
      appliesWhen: (values) => String(values.category ?? '').trim() === 'Construction',
      otherwise: 0,
      mustBe: { test: (value) => isNonZero(value), message: UNITS_POSITIVE_MESSAGE },
    },
  ],
  image: UP_TO_TWENTY_IMAGES,
});
