/** Create, list, public page, edit, validation, delete for every single-image content screen. */
import { bannerCopy, clientCopy, commonCopy, namedConfirm, screenCopy } from '../../shared/copy/admin';
import { resources } from '../../shared/resources';
import { type CrudCase, runSingleImageCrud } from '../fixtures/admin-crud';
import { uniqueName } from '../fixtures/admin-images';
import { test } from '../fixtures/admin-login';

const banners = (path: string, heading: string, publicPath: string, add: string): CrudCase => ({
  path,
  heading,
  addButton: add,
  submitAdd: commonCopy.add,
  submitEdit: commonCopy.update,
  requiredMessages: ['Title is required', 'Image is required'],
  fields: { Title: '', Description: 'Made by the admin browser test' },
  nameLabel: 'Title',
  toasts: bannerCopy,
  confirmText: (name) => namedConfirm(bannerCopy.confirm, '', name),
  publicPath,
});

const cases: Record<string, CrudCase> = {
  'home banners': banners('/admin/home/banner', screenCopy.homeBanners.title, '/', screenCopy.homeBanners.add),
  'about banners': banners('/admin/about/banner', screenCopy.aboutBanners.title, '/about', screenCopy.aboutBanners.add),
  'interior banners (PATCH)': banners(
    '/admin/interior/banner',
    screenCopy.interiorBanners.title,
    '/interior',
    screenCopy.interiorBanners.add,
  ),
  properties: {
    path: '/admin/home/property',
    heading: screenCopy.properties.title,
    addButton: screenCopy.properties.add,
    submitAdd: commonCopy.add,
    submitEdit: commonCopy.update,
    requiredMessages: ['Title is required', 'Image is required'],
    fields: { Title: '' },
    nameLabel: 'Title',
    toasts: screenCopy.properties,
    confirmText: (name) => namedConfirm(screenCopy.properties.confirm, '', name),
    publicPath: '/',
  },
  'top projects': {
    path: '/admin/home/topprojects',
    heading: screenCopy.topProjects.title,
    addButton: screenCopy.topProjects.add,
    submitAdd: commonCopy.add,
    submitEdit: commonCopy.update,
    requiredMessages: ['Name is required', 'Location is required', 'Image is required'],
    fields: { Name: '', Location: 'Whitefield, Bangalore', Developer: 'Test Developer', Offer: '10% off' },
    nameLabel: 'Name',
    toasts: screenCopy.topProjects,
    confirmText: (name) => namedConfirm(screenCopy.topProjects.confirm, '', name),
    publicPath: '/',
  },
  solutions: {
    path: '/admin/interior/solution',
    heading: screenCopy.solutions.title,
    addButton: screenCopy.solutions.add,
    submitAdd: commonCopy.add,
    submitEdit: commonCopy.update,
    requiredMessages: ['Name and image are required.'],
    fields: { Name: '' },
    nameLabel: 'Name',
    toasts: screenCopy.solutions,
    confirmText: (name) => namedConfirm(screenCopy.solutions.confirm, '', name),
    publicPath: '/interior',
  },
  'experience centres': {
    path: '/admin/interior/experience',
    heading: screenCopy.experience.title,
    addButton: screenCopy.experience.add,
    submitAdd: commonCopy.add,
    submitEdit: commonCopy.update,
    requiredMessages: ['Name is required', 'Address is required', 'Timing is required', 'Experience is required', 'Image is required'],
    fields: { Name: '', Address: '12 Test Road, Bangalore', Timing: '10 AM - 7 PM', Experience: 'Walk through full-size rooms' },
    nameLabel: 'Name',
    toasts: screenCopy.experience,
    confirmText: (name) => namedConfirm(screenCopy.experience.confirm, '', name),
    publicPath: '/interior',
  },
  'interior portfolio': {
    path: '/admin/interior/portfolio',
    heading: screenCopy.portfolio.title,
    addButton: screenCopy.portfolio.add,
    submitAdd: commonCopy.add,
    submitEdit: commonCopy.update,
    requiredMessages: ['Category, Title, and Image are required.'],
    fields: { Category: 'Living Room', Title: '', 'Description (optional)': 'A test portfolio card' },
    nameLabel: 'Title',
    toasts: screenCopy.portfolio,
    confirmText: (name) => namedConfirm(screenCopy.portfolio.confirm, '', name),
    publicPath: '/interior',
    imageLabel: screenCopy.portfolio.imageAdd,
  },
  'client stories': {
    path: '/admin/client',
    heading: clientCopy.title,
    addButton: clientCopy.addButton,
    submitAdd: commonCopy.add,
    submitEdit: commonCopy.update,
    requiredMessages: resources.clients.fields.map((field) => field.required!).concat('Image is required'),
    fields: { 'Client Name': '', 'Project Title': 'Test villa', Testimonial: 'They built it well.', Category: { select: 'Residential' } },
    nameLabel: 'Client Name',
    toasts: { created: clientCopy.added, updated: clientCopy.updated, deleted: clientCopy.deleted },
    confirmText: (name) => namedConfirm(clientCopy.confirm, '', name),
    publicPath: '/client',
  },
};

for (const [title, c] of Object.entries(cases)) {
  test(`${title}: create with an image, see it listed and public, edit, validation, delete`, async ({ page }) => {
    await runSingleImageCrud(page, c, uniqueName(title.split(' ')[0]!), uniqueName(`${title.split(' ')[0]} renamed`));
  });
}
