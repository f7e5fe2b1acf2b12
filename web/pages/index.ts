/** Every public page's component by name: the browser entry loads only the one a page names. */
export const publicPages = {
  home: () => import('./home'),
  about: () => import('./about'),
  'client-stories': () => import('./client-stories'),
  gallery: () => import('./gallery'),
  projects: () => import('./projects'),
  interior: () => import('./interior'),
  'interior-projects': () => import('./interior-projects'),
  contact: () => import('./contact'),
};

export type PublicPageName = keyof typeof publicPages;
