/** Every admin copy string that the resource definitions and API messages do not already hold. */
import { apiMessages, areaLabels, roleLabels } from '../api-messages';
import { groupCounts } from '../format';

export const PREVIEW_CHARS = 50;

/**
 * A count the Indian way ("1,25,000"), grouped by hand as the public pages' counts are (shared/format.ts): the first en-IN
 * Intl formatter a screen makes loads the locale's data, 40-60 ms of a list screen's first render on a slow machine.
 */
export const formatCount = (n: number): string => (Number.isSafeInteger(n) ? groupCounts(String(n)) : n.toLocaleString('en-IN'));

/** "1 item", "2 items", "1,000 items": the number and the noun that fits it. */
export const countOf = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A noun's plural for counts ("Gallery item" → "gallery items", "Entry" → "entries"). */
export const pluralOf = (noun: string) => {
  const lower = noun.toLowerCase();
  return /[^aeiou]y$/.test(lower) ? `${lower.slice(0, -1)}ies` : `${lower}s`;
};

/**
 * A delete confirmation that names the item: the spec's "…delete this client?" becomes
 * "…delete the client 'Asha Rao'?"; a text without "this …?" gets the definition's noun and the name.
 */
export function namedConfirm(spec: string, noun: string, name: string): string {
  const title = name.trim();
  if (!title) return spec;
  const match = /\bthis ([^?]+)\?$/.exec(spec);
  if (match) return `${spec.slice(0, match.index)}the ${match[1]} '${title}'?`;
  return `Delete the ${noun.toLowerCase()} '${title}'?`;
}

export const storageKeys = { token: 'adminToken', email: 'adminEmail' } as const;

export const loginCopy = {
  title: 'Admin Login',
  subtitle: 'Sign in to manage the website content',
  email: 'Email',
  password: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  submit: 'Login',
  submitting: 'Logging in...',
  failed: 'Login failed',
  network: 'Network error. Please try again.',
  forgot: 'Forgot password?',
  passwordChanged: 'Your password was changed, so every session of your account has ended. Sign in with your new password.',
} as const;

/** The session's end while the admin works: the warning before it, and signing in again over the screen. */
export const sessionCopy = {
  warningTitle: 'Are you still there?',
  warning: (seconds: number) =>
    `You will be signed out in ${seconds === 60 ? '1 minute' : `${seconds} seconds`} because nothing has happened for a while.`,
  stay: 'Stay signed in',
  signOut: 'Sign out',
  endedTitle: 'Sign in again',
  ended: 'Your session has ended. Sign in again to carry on: this screen and everything you entered stay as they are.',
  signIn: 'Sign in',
  signingIn: 'Signing in...',
} as const;

export const forgotCopy = {
  title: 'Forgot your password?',
  intro:
    'For security, admin passwords are reset on the server by the person who runs the website. Ask them to run this command (with the server stopped when it uses the embedded database):',
  command: (email: string) => `npm run admin -- reset-password ${email}`,
  after: 'It prints a new password and ends every session of that account. Log in with it, then change it under Account.',
  back: 'Back to login',
  /** With SMTP_URL set: a reset link by e-mail. */
  mailIntro:
    'Enter the e-mail address of your admin account. If it is one, we send a link to set a new password; it works once, for 30 minutes.',
  email: 'Email',
  send: 'Send reset link',
  sending: 'Sending...',
  sent: 'Check your e-mail',
  sentNext:
    'Open the link in the mail to choose a new password, then sign in with it. No mail within a few minutes? Check the spam folder, or ask again.',
} as const;

/** The screen a reset link opens: a new password, then sign in. */
export const resetCopy = {
  title: 'Set a new password',
  intro: 'Choose a new password for your admin account. Setting it ends every session of the account.',
  newPassword: (min: number) => `New password (at least ${min} characters)`,
  submit: 'Set password',
  submitting: 'Setting...',
  doneTitle: 'Password set',
  signIn: 'Sign in',
  askAgain: 'Ask for a new link',
  noToken: 'This link is not complete. Open the link from the mail again, or ask for a new one.',
} as const;

export const layoutCopy = {
  brand: 'Admin Panel',
  collapse: 'Collapse sidebar',
  expand: 'Expand sidebar',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  logout: 'Logout',
  nav: 'Admin navigation',
  loading: 'Loading...',
} as const;

export interface NavLeaf {
  to: string;
  label: string;
}
export interface NavGroup {
  label: string;
  children: NavLeaf[];
}
export type NavEntry = NavLeaf | NavGroup;

/**
 * The sidebar's own entries and groups; each content resource adds its entry from its definition
 * (`admin.nav`: label, group, order). shared/admin-nav.ts puts them together.
 */
export const adminNavFrame = {
  leaves: [
    { to: '/admin/dashboard', label: 'Dashboard', order: 0 },
    { to: '/admin/insights', label: 'Insights', order: 1 },
    { to: '/admin/users', label: 'Contact Messages', order: 70 },
    { to: '/admin/trash', label: 'Trash', order: 95 },
    { to: '/admin/media', label: 'Media library', order: 85 },
    { to: '/admin/about', label: 'About Us Editor', order: 90 },
    { to: '/admin/settings', label: 'Site settings', order: 92 },
    { to: '/admin/backups', label: 'Backups', order: 100 },
    { to: '/admin/webhooks', label: 'Webhooks', order: 102 },
    { to: '/admin/activity', label: 'Activity', order: 105 },
    { to: '/admin/account', label: 'Account', order: 110 },
  ],
  groups: [
    { label: 'Home', order: 10 },
    { label: 'About Us', order: 20 },
    { label: 'Interior', order: 80 },
  ],
} as const;

export const dashboardCopy = {
  title: 'Dashboard Overview',
  welcome: "Welcome back! Here's what's happening with your website content.",
  stats: [
    { key: 'clients', label: 'Total Clients', caption: 'Active client testimonials', to: '/admin/client' },
    { key: 'gallery', label: 'Gallery Items', caption: 'Project showcase items', to: '/admin/gallery' },
    { key: 'projects', label: 'Projects', caption: 'Exterior & interior projects', to: '/admin/project' },
    { key: 'contacts', label: 'Contact Messages', caption: 'Pending inquiries', to: '/admin/users' },
  ],
  quickActionsTitle: 'Quick Actions',
  quickActions: [
    { label: 'Add New Client Testimonial', to: '/admin/client' },
    { label: 'Upload Gallery Images', to: '/admin/gallery' },
    { label: 'Create New Project', to: '/admin/project' },
    { label: 'Review Contact Messages', to: '/admin/users' },
  ],
  recentTitle: 'Recent Activity',
  recent: ['System initialized', 'API connections established', 'Ready to manage content'],
  loadFailed: 'Could not load the dashboard counts. Please refresh the page.',
} as const;

/** Words shared by every management screen. */
export const commonCopy = {
  add: 'Add',
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  update: 'Update',
  save: 'Save',
  actions: 'Actions',
  image: 'Image',
  images: 'Images',
  confirmTitle: 'Confirm Delete',
  deleting: 'Deleting...',
  saving: 'Saving...',
  adding: 'Adding...',
  updating: 'Updating...',
  uploading: (percent: number) => `Uploading... ${percent}%`,
  loading: 'Loading...',
  tryAgain: 'Try Again',
  total: (count: number) => `Total: ${count}`,
  empty: 'Nothing here yet.',
  chooseImage: 'Choose image',
  chooseImages: 'Choose images',
  /** `mb`: the server's MAX_IMAGE_MB (AdminLimits) */
  imageHint: (mb: number) => `PNG, JPG up to ${mb}MB`,
  removeImage: 'Remove image',
  currentImage: 'Current image',
  newImage: 'New image preview',
  notAnImage: 'Please select an image file',
  notImages: 'Please select only image files',
  tooLarge: apiMessages.imageTooLarge,
  /** while a phone photo is scaled down in the browser before upload */
  preparingPhoto: 'Preparing photo…',
  altText: 'Alt text',
  /** the alt text input of the n-th image of several */
  altTextOf: (i: number) => `Alt text for image ${i}`,
  altHint: 'Describe the image for people who cannot see it.',
  noAltText: 'No alt text',
  /** the admin lists' mark: every image without alt text, or how many of several */
  noAltTextCount: (missing: number, total: number) =>
    missing === total || total === 1 ? 'No alt text' : `No alt text (${missing} of ${total})`,
  focalPoint: 'Focal point',
  focalPointOf: (i: number) => `Focal point for image ${i}`,
  focalHint: 'Click the preview (or use the arrow keys on it) to choose the part kept when the image is cropped.',
  focusX: 'from the left',
  focusY: 'from the top',
  /** the audit log's name of a changed alt text or focal point, of the image or of the n-th image */
  imageDetailLabel: (what: 'alt' | 'focus', i?: number) =>
    `${what === 'alt' ? 'Alt text' : 'Focal point'}${i === undefined ? '' : `, image ${i}`}`,
  dropImages: 'Drop images here, or',
  dropImage: 'Drop an image here, or',
  /** the n-th image of several, as the drag handle and its announcements name it */
  imageNumber: (i: number) => `Image ${i}`,
  /** the badge of the first of several images */
  cover: 'Cover',
  imageOrderHint:
    'The first image is the cover. Drag an image by its Move handle (or press Space on it, then the arrow keys) to change the order.',
  networkError: 'Network error. Please try again.',
  somethingWrong: 'Something went wrong',
  createdAt: 'Added',
  search: 'Search',
  close: 'Close',
} as const;

/** Lines of help on a screen whose items the public site shows only in part. */
export const publicNotes = {
  homeBanners: 'Only the first banner in this list shows on the home page.',
  properties: 'Property cards on the home page show the image only; the title is not shown.',
} as const;

/** The content lifecycle on every screen: undo after a delete, Shown/Hidden, View on site, order. */
export const lifecycleCopy = {
  undo: 'Undo',
  /** How long the delete toast offers Undo. */
  undoMs: 8000,
  restored: (noun: string) => `${noun} restored`,
  restoreFailed: (reason: string) => reason || 'Could not restore the item.',
  hidden: 'Hidden',
  shown: 'Shown',
  visibilityLabel: (name: string) => `Shown on the public site: ${name}`,
  madeHidden: (name: string) => `"${name}" is now hidden from the public site`,
  madeShown: (name: string) => `"${name}" is now shown on the public site`,
  visibilityFailed: (reason: string) => reason || 'Could not change the visibility.',
  viewOnSite: 'View on site',
  viewOnSiteLabel: (name: string) => `View ${name} on the site`,
  previewOnSiteLabel: (name: string) => `Preview ${name} on the site (hidden from visitors)`,
  dragHandle: (name: string) => `Move ${name}`,
  dragInstructions:
    'To move an item with the keyboard, press Space or Enter on its Move button, use the arrow keys to move it, then Space or Enter to drop it, or Escape to cancel.',
  orderColumn: 'Order',
  orderSaved: 'Order saved',
  orderFailed: (reason: string) => reason || 'Could not save the order.',
  moved: (name: string, position: number, total: number) => `${name} moved to position ${position} of ${total}.`,
  pickedUp: (name: string, position: number, total: number) =>
    `Picked up ${name}, at position ${position} of ${total}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
  dropped: (name: string, position: number, total: number) => `${name} dropped at position ${position} of ${total}.`,
  cancelled: (name: string) => `Moving ${name} was cancelled.`,
} as const;

export const trashCopy = {
  title: 'Trash',
  subtitle: (days: number) => `Deleted items stay here for ${days} days, then they are deleted forever.`,
  subtitleGeneric: 'Deleted items stay here for a while, then they are deleted forever.',
  empty: 'The trash is empty.',
  fetchFailed: 'Failed to load the trash.',
  columns: { item: 'Item', kind: 'Type', deletedAt: 'Deleted' },
  restore: 'Restore',
  restoreLabel: (name: string) => `Restore ${name}`,
  deleteForever: 'Delete forever',
  deleteForeverLabel: (name: string) => `Delete ${name} forever`,
  confirmForever: (noun: string, label: string) => `Delete the ${noun.toLowerCase()} '${label}' forever? This cannot be undone.`,
  restored: (noun: string, label: string) => `${noun} '${label}' restored`,
  deletedForever: (noun: string, label: string) => `${noun} '${label}' deleted forever`,
  failed: (reason: string) => reason || 'Something went wrong. Please try again.',
  untitled: '(untitled)',
} as const;

/** The media library (docs/decisions/0048): every stored image once, its uses, uploads of many at once. */
export const mediaCopy = {
  title: 'Media library',
  subtitle: (total: number) => countOf(total, 'image', 'images'),
  fetchFailed: 'Failed to load the media library.',
  network: 'Could not reach the server. Check the connection and try again.',
  empty: 'No images yet',
  emptyHint: 'Upload images here: each one is stored once and can be found again.',
  noMatch: 'No images match your search',
  search: 'Search images',
  searchPlaceholder: 'Name, alt text or tag',
  usedFilter: 'Used or unused',
  usedChoices: { all: 'Used and unused', used: 'Used', unused: 'Unused' },
  whereFilter: 'Where used',
  whereAll: 'All places',
  /** a resource in the filter: its sidebar name, after its sidebar group's when it has one */
  whereResource: (label: string, group?: string) => (group ? `${group}: ${label}` : label),
  whereDocuments: { about: 'About', 'site-settings': 'Site settings' },
  sortLabel: 'Sort by',
  sorts: { newest: 'Newest first', oldest: 'Oldest first', name: 'Name (A to Z)', size: 'Largest first' },
  gridLabel: 'Images',
  dimensions: (width: number, height: number) => `${width} × ${height}`,
  sizeLabel: 'Size',
  uploadedLabel: 'Uploaded',
  uploader: (name: string | null) => `by ${name ?? 'an unknown account'}`,
  useCount: (count: number) => (count === 0 ? 'Unused' : `Used ${count === 1 ? 'once' : `${count} times`}`),
  showing: (first: number, last: number, total: number) => `${first}–${last} of ${countOf(total, 'image', 'images')}`,
  uploadsTitle: 'Uploads',
  uploadProgress: (name: string) => `Upload of ${name}`,
  preparing: 'Preparing…',
  uploaded: 'Uploaded',
  uploadFailed: (reason: string) => reason || 'Could not upload the image.',
  clearUploads: 'Clear the finished uploads',
  detailsTitle: (name: string) => `Image: ${name}`,
  name: 'Name',
  tags: 'Tags',
  tagsHint: 'Separate tags with commas.',
  save: 'Save details',
  saved: (name: string) => `"${name}" saved`,
  saveFailed: (reason: string) => reason || 'Could not save the image.',
  usesTitle: 'Where it is used',
  noUses: 'This image is not used anywhere: it can go to the Trash.',
  useKinds: { item: '', draft: 'Draft', version: 'Older version', about: 'About Us', 'site-settings': 'Site settings' },
  open: 'Open the full image',
  replaceTitle: 'Replace file',
  replaceChoose: 'Choose a new file',
  replaceHint: 'Every page that uses this image will show the new file. Its name, alt text and tags stay.',
  replacedStatus: 'Replaced',
  replaced: (name: string) => `"${name}" replaced: every page that uses it shows the new file`,
  delete: 'Move to Trash',
  confirmDelete: (name: string) => `Move the image '${name}' to the Trash?`,
  confirmBulkDelete: (count: number) => `Move ${countOf(count, 'image', 'images')} to the Trash?`,
  deleted: (count: number) => `${countOf(count, 'image', 'images')} moved to the Trash`,
  deleteFailed: (reason: string) => reason || 'Could not delete the image.',
  notDeleted: (count: number) => `${countOf(count, 'image', 'images')} could not be deleted. Please try again.`,
  refusedTitle: (count: number) =>
    count === 1 ? 'This image is in use, so it was not deleted' : `${count} images are in use, so they were not deleted`,
  refusedHint: 'Remove it from these places first:',
  dismiss: 'Dismiss',
  addTag: 'Add tag',
  tagToAdd: 'Tag to add to the selected images',
  tagged: (tag: string, count: number) => `Tag "${tag}" added to ${countOf(count, 'image', 'images')}`,
  tagFailed: (failed: number, count: number) => `${failed} of ${count} could not be tagged. Please try again.`,
} as const;

/** Picking a library image in an image field (issue 27 step 2, docs/decisions/0048). */
export const mediaPickerCopy = {
  choose: 'Choose from library',
  title: 'Choose from library',
  search: 'Search the library',
  gridLabel: 'Library images',
  /** a thumbnail of the dialog when several may be chosen: pressed while chosen */
  chooseMany: (count: number) => (count === 0 ? 'Choose images' : `Add ${countOf(count, 'image', 'images')}`),
  uploadNew: 'Upload new',
  uploadNewHint: 'An image uploaded here goes into the library and is chosen.',
  noImages: 'No images in the library yet: upload one.',
  alreadyAdded: 'Already in this field',
  noMatch: 'No images match your search',
  loadFailed: 'Could not load the library. Please try again.',
  /** the preview of an image chosen from the library, before the form is saved */
  chosenImage: 'Image chosen from the library',
  noImage: 'No image chosen',
  /** an empty alt text on a use follows the library's */
  libraryAltHint: (alt: string) =>
    alt
      ? `Leave empty to use the library's alt text: “${alt}”`
      : "Leave empty to use the library's alt text (it has none yet: add it in the Media library).",
} as const;

/** Drafts in the resource forms and lists (docs/decisions/0039). */
export const draftCopy = {
  saveDraft: 'Save draft',
  savingDraft: 'Saving draft…',
  publish: 'Publish',
  publishing: 'Publishing…',
  unpublish: 'Unpublish',
  discard: 'Discard draft',
  draftSaved: 'Draft saved',
  /** The quiet line under the form while it autosaves. */
  autosaving: 'Saving draft…',
  autosaved: 'Draft saved',
  autosaveFailed: 'Draft not saved yet: it will be tried again as you type.',
  published: (name: string) => `"${name}" published`,
  unpublished: (name: string) => `"${name}" unpublished: visitors no longer see it`,
  discarded: (name: string) => `Draft of "${name}" discarded`,
  failed: (reason: string) => reason || 'Could not save the draft.',
  publishFailed: (reason: string) => reason || 'Could not publish.',
  states: { published: 'Published', changed: 'Changed since published', draft: 'Draft', scheduled: 'Scheduled' },
  stateFilter: 'Publishing state',
  allStates: 'Every state',
  asDraft: 'As draft',
  asDraftLabel: (n: number) => `Make version ${n} a draft (the live version stays)`,
  restoredAsDraft: (n: number) => `Version ${n} restored as a draft`,
  /** How long after the last keystroke a draft is autosaved. */
  autosaveMs: 2000,
} as const;

/** An editor's save that met someone else's change since it was opened (docs/decisions/0044). */
export const conflictCopy = {
  title: 'Someone else changed this meanwhile',
  intro: (who: string, what: string, when: string) =>
    `${who} saved ${what} at ${when}, after you opened it. Nothing of yours was saved, and nothing you typed is lost: choose what to keep.`,
  someone: 'Someone',
  what: { draft: 'a draft', published: 'a published version' },
  legend: 'Words only in their version are struck through on red; words only in yours are underlined on green.',
  theirs: 'Theirs',
  yours: 'Yours',
  choiceLegend: (label: string) => `Keep for ${label}`,
  unchanged: 'The same in both',
  imagesKept: 'You did not change the images: theirs are kept.',
  newImages: (count: number) => `${count === 1 ? 'A new image' : `${count} new images`} of yours still to upload`,
  keepMine: 'Keep mine',
  keepMineHint: 'Save your version over theirs (theirs stays in the history).',
  takeTheirs: 'Take theirs',
  takeTheirsHint: 'Load their version into the form; nothing is saved.',
  merge: 'Merge the chosen fields',
  mergeHint: 'Save with each field as chosen above.',
  /** The quiet line when an autosave stopped at someone else's change. */
  autosaveStopped: 'Autosave stopped: someone else changed this meanwhile.',
} as const;

/** Scheduled publishing in the editors and on the dashboard (docs/decisions/0042). */
export const scheduleCopy = {
  legend: 'Schedule',
  /** The zone the times are in, named beside the fields: staff may be elsewhere than the site. */
  zoneHint: (zone: string, short: string) => `Times are in the site's time zone, ${zone} (${short}).`,
  publishAt: 'Publish at',
  unpublishAt: 'Unpublish at',
  publishHint: 'The draft as it is then goes live.',
  save: 'Save schedule',
  clear: 'Clear schedule',
  saved: (name: string) => `Schedule of "${name}" saved`,
  cleared: (name: string) => `Schedule of "${name}" cleared`,
  failed: (reason: string) => reason || 'Could not save the schedule.',
  /** A scheduled item's list mark: what happens when, on the site's clock (docs/decisions/0046). */
  listMark: (changes: readonly string[]) => `Scheduled: ${changes.join('; ')}`,
  listChange: { publish: (at: string) => `publishes ${at}`, unpublish: (at: string) => `unpublishes ${at}` },
  dashboardTitle: 'Scheduled next',
  dashboardEmpty: 'Nothing is scheduled.',
  dashboardFailed: 'Failed to load what is scheduled.',
  actions: { publish: 'Publish', unpublish: 'Unpublish' },
} as const;

/** The History screen of an item, the About content or the Site settings (docs/decisions/0038). */
export const historyCopy = {
  link: 'History',
  linkLabel: (name: string) => `History of ${name}`,
  title: (name: string) => `History: ${name}`,
  subtitle: (keep: number) => `Every saved version, newest first. The last ${keep} are kept.`,
  subtitleGeneric: 'Every saved version, newest first.',
  aboutName: 'About Us',
  settingsName: 'Site settings',
  back: 'Back',
  fetchFailed: 'Failed to load the history.',
  compareFailed: 'Failed to compare the versions.',
  empty: 'No versions yet: the first save keeps one.',
  versionsCaption: 'Versions',
  columns: { number: 'Version', what: 'What happened', who: 'Who', when: 'When', changed: 'Changed fields' },
  events: {
    created: 'Created',
    updated: 'Edited',
    'restored-from-trash': 'Restored from the trash',
    'version-restored': 'Restored',
    saved: 'Saved',
    'before-history': 'As it was before history began',
    published: 'Published',
  },
  restoredFrom: (n: number) => `Version ${n} restored`,
  current: 'Live',
  draft: 'Draft',
  system: 'The system',
  nothingChanged: 'No field changed',
  compareHeading: 'Compare two versions',
  from: 'Older version',
  to: 'Newer version',
  versionOption: (n: number, when: string) => `Version ${n} (${when})`,
  compare: 'Compare',
  comparing: (from: number, to: number) => `Version ${from} compared with version ${to}`,
  onlyChanged: 'Only fields that changed',
  unchanged: 'Unchanged',
  noImage: 'No image',
  before: 'Before',
  after: 'After',
  removedText: 'Removed:',
  addedText: 'Added:',
  legend: 'Removed words are struck through on red; added words are underlined on green.',
  imageAlt: (field: string, side: string, n: number) => `${field}, ${side.toLowerCase()}, image ${n}`,
  restore: 'Restore',
  restoreLabel: (n: number) => `Restore version ${n}`,
  restoreTitle: 'Restore this version?',
  restoreMessage: (n: number) =>
    `Version ${n} becomes the live version at once, as a new version. The current version stays in the history.`,
  restoring: 'Restoring...',
  restored: (n: number) => `Version ${n} restored and published`,
  more: 'Show older versions',
} as const;

/** The Webhooks screen (Admins: the accounts and backups area). */
export const webhooksCopy = {
  title: 'Webhooks',
  subtitle:
    'Other systems (a CRM, a chat channel, a site rebuild) are told of events as they happen: each event is POSTed as JSON to the URLs that asked for it, signed with the webhook’s secret.',
  loadFailed: 'Failed to load the webhooks.',
  addTitle: 'Add a webhook',
  url: 'URL',
  urlHint: 'An https:// address of the receiving system; loopback and private addresses are refused.',
  events: 'Events',
  add: 'Add webhook',
  adding: 'Adding…',
  empty: 'No webhooks yet.',
  listTitle: 'Webhooks',
  secret: 'Secret',
  showSecret: 'Show secret',
  hideSecret: 'Hide secret',
  secretHidden: '••••••••••••••••',
  edit: 'Edit',
  editLabel: (url: string) => `Edit the webhook to ${url}`,
  save: 'Save',
  cancel: 'Cancel',
  sendTest: 'Send test event',
  sendTestLabel: (url: string) => `Send a test event to ${url}`,
  rotate: 'New secret',
  rotateLabel: (url: string) => `Make a new secret for ${url}`,
  confirmRotate: (url: string) =>
    `Make a new secret for ${url}? The old one stops working at once: the receiver must be given the new one.`,
  delete: 'Delete',
  deleteLabel: (url: string) => `Delete the webhook to ${url}`,
  confirmDelete: (url: string) => `Delete the webhook to ${url} and its delivery log?`,
  deliveriesTitle: 'Delivery log',
  deliveriesEmpty: 'Nothing delivered yet.',
  refresh: 'Refresh',
  columns: { event: 'Event', created: 'Fired', state: 'State', attempts: 'Attempts' },
  states: { pending: 'Pending', delivered: 'Delivered', failed: 'Given up' },
  attempt: (time: string, outcome: string, ms: number) => `${time}: ${outcome} (${ms} ms)`,
  noAttempts: 'Not tried yet',
  verifyHint: 'How a receiver checks a signature: docs/webhooks.md.',
} as const;

/** Leaving a form with changes that are not saved (decision 0023). */
export const leaveCopy = {
  title: 'Discard unsaved changes?',
  message: 'You have changes that are not saved. If you leave now, they will be lost.',
  discard: 'Discard changes',
  stay: 'Keep editing',
} as const;

/** Search, sort, pages and selection of every admin list (decision 0023). */
export const listCopy = {
  items: (n: number) => countOf(n, 'item', 'items'),
  matching: (shown: number, total: number) => `${formatCount(shown)} of ${countOf(total, 'item', 'items')}`,
  noMatch: 'No items match your search',
  sortBy: (column: string) => `Sort by ${column}`,
  /** The card grids' sort menu. */
  sortLabel: 'Sort by',
  ownOrder: 'Your order',
  ascending: (field: string) => `${field} (A to Z)`,
  descending: (field: string) => `${field} (Z to A)`,
  pagination: 'Pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  perPage: 'Per page',
  selectAll: 'Select all on this page',
  selectRow: (name: string) => `Select ${name}`,
  selected: (n: number) => `${formatCount(n)} selected`,
  /** after the page is selected, as in Gmail: the selection grows to every item the search and filters match */
  selectAllMatching: (n: number) => `Select all ${formatCount(n)} matching`,
  /** the Shown/Hidden filter of every list: hidden items are not on the public site (decision 0021) */
  visibilityFilter: 'Shown or hidden',
  shownAndHidden: 'Shown and hidden',
  clearSelection: 'Clear selection',
  bulkActions: 'Actions on the selected items',
  deleteSelected: 'Delete selected',
  hideSelected: 'Hide selected',
  showSelected: 'Show selected',
  bulkVisibilityDone: (count: number, hidden: boolean) =>
    `${countOf(count, 'item', 'items')} ${hidden ? 'hidden from' : 'shown on'} the public site`,
  bulkVisibilityFailed: (failed: number, count: number) => `${failed} of ${count} could not be changed. Please try again.`,
  /** Names the first few: "…delete these 3 gallery items: 'A', 'B' and 'C'?" */
  bulkConfirm: (names: readonly string[], noun: string) => {
    if (names.length === 1) return namedConfirm(`Are you sure you want to delete this ${noun.toLowerCase()}?`, noun, names[0]);
    const quoted = names.slice(0, 3).map((name) => `'${name}'`);
    const rest = names.length - quoted.length;
    const list = rest > 0 ? `${quoted.join(', ')} and ${rest} more` : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
    return `Are you sure you want to delete these ${names.length} ${pluralOf(noun)}: ${list}?`;
  },
  bulkDeleted: (count: number, noun: string) => `${countOf(count, noun.toLowerCase(), pluralOf(noun))} deleted`,
  bulkDeleteFailed: (failed: number, count: number) => `${failed} of ${count} could not be deleted. Please try again.`,
} as const;

/** Content in the site's other languages beside the English (docs/decisions/0049): `language` is its English name ("Kannada"). */
export const translationCopy = {
  /** A translated input's label: "Title (Kannada)". */
  fieldLabel: (label: string, language: string) => `${label} (${language})`,
  /** The marker of an item, a document or a section missing some translated texts. */
  missing: (language: string) => `${language} missing`,
  /** The marker's accessible text: how many of the item's texts have no translation. */
  missingCount: (language: string, count: number) => `${language} missing in ${countOf(count, 'field', 'fields')}`,
  /** The lists' filter. */
  filter: 'Translation',
  allTranslations: 'All translations',
  missingFilter: (language: string) => `Missing ${language}`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  /** A translated list's hint: blank lines are left out, and no lines at all shows the English list. */
  listPlaceholder: 'One per line',
} as const;

export const TOAST_SHORT_MS = 3000;
export const TOAST_LONG_MS = 5000;

export const clientCopy = {
  title: 'Client Stories Management',
  addButton: 'Add Client',
  addFirst: 'Add First Client',
  empty: 'No client stories yet',
  modalAdd: 'Add New Client',
  modalEdit: 'Edit Client',
  columns: { image: 'Image', name: 'Client', project: 'Project', category: 'Category', testimonial: 'Testimonial', actions: 'Actions' },
  total: (n: number) => `Total Clients: ${n}`,
  counter: (n: number) => `${n}/500`,
  fetchFailed: 'Failed to fetch clients',
  updated: 'Client updated successfully!',
  added: 'Client added successfully!',
  deleted: 'Client deleted successfully!',
  saveFailed: 'Failed to save client',
  deleteFailed: 'Failed to delete client',
  confirm: 'Are you sure you want to delete this client?',
} as const;

export const galleryCopy = {
  title: 'Gallery Manager',
  addButton: 'Add Gallery Item',
  formAdd: 'Add Gallery Item',
  formEdit: 'Edit Gallery Item',
  total: (n: number) => countOf(n, 'item', 'items'),
  searchPlaceholder: 'Search by title or category',
  allCategories: 'All Categories',
  categoryFilter: 'Filter by category',
  newCategory: 'New category',
  addCategory: 'Add category',
  empty: 'No gallery items found',
  imageDescription: (i: number) => `Description for image ${i}`,
  /** the visible label of each image's description */
  description: 'Description',
  more: (n: number) => `+${n}`,
  columns: { images: 'Images', title: 'Title', category: 'Category', actions: 'Actions' },
  saveFailed: 'Failed to save gallery item',
  fetchFailed: 'Failed to fetch gallery items',
  deleteFailed: 'Failed to delete gallery item',
  confirm: 'Are you sure you want to delete this gallery item?',
  added: 'Gallery item created successfully',
  updated: 'Gallery item updated successfully',
  deleted: 'Gallery item deleted successfully',
} as const;

export const projectCopy = {
  title: 'Project Management',
  addButton: 'Add Project',
  formAdd: 'Add New Project',
  formEdit: 'Edit Project',
  counts: (total: number, completed: number, ongoing: number) => `Total: ${total} · Completed: ${completed} · Ongoing: ${ongoing}`,
  showing: (x: number, y: number) => `Showing ${x} of ${countOf(y, 'project', 'projects')}`,
  emptyAll: 'No projects yet',
  emptyFiltered: 'No projects match your filters',
  loading: 'Loading projects...',
  searchPlaceholder: 'Search by title, location or developer',
  allCategories: 'All Categories',
  allStatuses: 'All Statuses',
  categoryFilter: 'Filter by category',
  statusFilter: 'Filter by status',
  existingImages: 'Existing images',
  removeExisting: 'Remove this image',
  descriptionCounter: (n: number) => `${n}/500`,
  listHint: 'One per line',
  columns: {
    image: 'Image',
    title: 'Title',
    category: 'Category',
    location: 'Location',
    scope: 'Scope',
    status: 'Status',
    actions: 'Actions',
  },
  fetchFailed: 'Failed to fetch projects',
  saveFailed: 'Failed to save project',
  deleteFailed: 'Failed to delete project',
  confirm: 'Are you sure you want to delete this project?',
  updated: 'Project updated successfully!',
  added: 'Project added successfully!',
  deleted: 'Project deleted successfully!',
} as const;

export const messagesCopy = {
  title: 'All Contact Messages',
  refresh: 'Refresh',
  empty: 'No Messages Yet',
  emptyHint: 'Messages sent from the contact form appear here.',
  columns: { name: 'Name', email: 'Email', number: 'Phone', message: 'Message', date: 'Date' },
  showFull: 'Read full message',
  hideFull: 'Show less',
  total: (n: number) => countOf(n, 'message', 'messages'),
  fetchFailed: 'Failed to fetch messages',
  network: 'Network error. Please check your connection.',
  // the inbox (issue 11): statuses, search, filter, paging, a message opened, reply, delete, export
  statusColumn: 'Status',
  actionsColumn: 'Actions',
  search: 'Search messages',
  searchPlaceholder: 'Name, email, phone or text',
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  statusOption: (status: string, n: number) => `${status} (${n})`,
  // where each enquiry came from (issue 26)
  sourceFilter: 'Source',
  allSources: 'All sources',
  projectFilter: 'Project',
  allProjects: 'All projects',
  filterOption: (name: string, n: number) => `${name} (${n})`,
  sourceTitle: 'Where it came from',
  source: {
    sourcePage: 'Sent from page',
    projectTitle: 'Project',
    utmSource: 'Campaign source',
    utmMedium: 'Campaign medium',
    utmCampaign: 'Campaign',
    referrerHost: 'Referring site',
    contactBy: 'Wants',
    preferredTime: 'Preferred time',
    language: 'Language',
  },
  sourceUnknown: 'Not known (sent before sources were recorded, or by another client)',
  noMatch: 'No messages match your search',
  noMatchHint: 'Try other words, or show all statuses.',
  open: 'Open',
  openLabel: (name: string) => `Open the message from ${name}`,
  detailTitle: (name: string) => `Message from ${name}`,
  received: 'Received',
  statusLabel: 'Status',
  reply: 'Reply by e-mail',
  call: 'Call',
  callLabel: (name: string, number: string) => `Call ${name} on ${number}`,
  whatsapp: 'WhatsApp',
  whatsappLabel: (name: string) => `WhatsApp ${name} (opens in a new tab)`,
  /** The WhatsApp chat's first words, which the staff member can change before sending. */
  whatsappGreeting: (name: string) => `Hello ${name}, thank you for your message on our website.`,
  delete: 'Delete',
  confirmDelete: (name: string) => `Are you sure you want to delete the message from ${name}?`,
  deleted: 'Message deleted',
  deleteFailed: 'Failed to delete message',
  statusChanged: (status: string) => `Message marked ${status}`,
  statusFailed: 'Failed to change the status',
  exportCsv: 'Export CSV',
  exporting: 'Exporting...',
  exported: (fileName: string) => `Saved ${fileName}`,
  exportFailed: 'Failed to export messages',
  exportCutShort: 'The export stopped before the end. Please try again.',
  // its pager's steps are every list's (listCopy); this is its count
  showing: (from: number, to: number, total: number) => `Showing ${from}–${to} of ${total}`,
  alert: 'Alert',
  newBadge: (n: number) => `${n} new`,
} as const;

/** The enquiry pipeline (issue 26, docs/decisions/0040): stage, owner, follow-up and notes in a message, the board, the filters. */
export const pipelineCopy = {
  /** The inbox's title and sidebar entry for an account without the enquiries area: the enquiries assigned to it. */
  myEnquiries: 'My enquiries',
  stageFilter: 'Stage',
  allStages: 'All stages',
  ownerFilter: 'Owner',
  allOwners: 'Everyone',
  noOwner: 'Nobody',
  title: 'Pipeline',
  stageLabel: 'Stage',
  lostReasonLabel: 'Why was it lost?',
  ownerLabel: 'Owner',
  followUpLabel: 'Next follow-up',
  save: 'Save',
  clear: 'Clear',
  notesTitle: 'Notes',
  noNotes: 'No notes yet.',
  noteLabel: 'Add a note',
  addNote: 'Add note',
  noteBy: (email: string, when: string) => `${email}, ${when}`,
  changeFailed: 'Failed to save the change',
  ownersFailed: 'Failed to fetch the accounts',
  notesFailed: 'Failed to fetch the notes',
  boardLink: 'Pipeline board',
  listLink: 'List',
  boardTitle: 'Enquiry Board',
  boardSubtitle: 'Drag a card to another stage, or focus its handle and press Space, then the arrow keys, then Space.',
  column: (stage: string, total: number) => `${stage} (${total})`,
  moreInStage: (shown: number, total: number) => `Showing the newest ${shown} of ${total}`,
  emptyStage: 'None',
  dragHandle: (name: string, stage: string) => `Move the enquiry from ${name} (now ${stage})`,
  lostTitle: (name: string) => `Lost: the enquiry from ${name}`,
  move: 'Move',
  cancel: 'Cancel',
  instructions:
    'To pick up an enquiry, press Space or Enter. Use the left and right arrow keys to move it to another stage. Press Space or Enter again to drop it there, or Escape to cancel.',
  pickedUp: (name: string, stage: string) => `Picked up the enquiry from ${name} in ${stage}.`,
  movedOver: (name: string, stage: string) => `The enquiry from ${name} is over ${stage}.`,
  dropped: (name: string, stage: string) => `Dropped the enquiry from ${name} in ${stage}.`,
  cancelled: (name: string) => `Moving the enquiry from ${name} was cancelled.`,
  followUpOn: (day: string) => `Follow up ${day}`,
} as const;

export const bannerCopy = {
  fetchFailed: 'Failed to fetch banners',
  saveFailed: 'Something went wrong',
  deleteFailed: 'Failed to delete banner',
  created: 'Banner created successfully',
  updated: 'Banner updated successfully',
  deleted: 'Banner deleted successfully',
  confirm: 'Are you sure you want to delete this banner?',
} as const;

/** The copy of a screen whose spec names its Add button and toasts its own way ('added', not 'created'). */
interface SpecScreenWords {
  title: string;
  addButton: string;
  fetchFailed: string;
  confirm: string;
  added: string;
  updated: string;
  deleted: string;
  saveFailed: string;
  deleteFailed: string;
}

/** That copy in the generic screen's terms, with the form titles and empty text it names its own way. */
const screenWords = (words: SpecScreenWords, form: { formAdd: string; formEdit: string; empty: string }) => ({
  title: words.title,
  add: words.addButton,
  ...form,
  fetchFailed: words.fetchFailed,
  confirm: words.confirm,
  created: words.added,
  updated: words.updated,
  deleted: words.deleted,
  saveFailed: words.saveFailed,
  deleteFailed: words.deleteFailed,
});

export const screenCopy = {
  gallery: screenWords(galleryCopy, { formAdd: galleryCopy.formAdd, formEdit: galleryCopy.formEdit, empty: galleryCopy.empty }),
  project: screenWords(projectCopy, { formAdd: projectCopy.formAdd, formEdit: projectCopy.formEdit, empty: projectCopy.emptyAll }),
  clients: {
    ...screenWords(clientCopy, { formAdd: clientCopy.modalAdd, formEdit: clientCopy.modalEdit, empty: clientCopy.empty }),
    // the server's reason when it gives one, else the spec's text
    deleteFailed: (reason: string) => reason || clientCopy.deleteFailed,
  },
  homeBanners: { title: 'Banner Management', add: 'Add Banner', formAdd: 'Add Banner', formEdit: 'Edit Banner', empty: 'No banners yet' },
  aboutBanners: {
    title: 'About Page Banner Management',
    add: 'Add Banner',
    formAdd: 'Add Banner',
    formEdit: 'Edit Banner',
    empty: 'No banners yet',
  },
  interiorBanners: {
    title: 'Interior Banner Management',
    add: 'Add Banner',
    formAdd: 'Add Banner',
    formEdit: 'Edit Banner',
    empty: 'No banners yet',
  },
  properties: {
    title: 'Property Management',
    add: 'Add Property',
    formAdd: 'Add Property',
    formEdit: 'Edit Property',
    empty: 'No properties yet',
    fetchFailed: 'Failed to fetch properties.',
    loadFailed: 'Failed to load properties.',
    saveFailed: (reason: string) => `Failed to save property: ${reason}`,
    deleteFailed: (reason: string) => `Failed to delete property: ${reason}`,
    created: 'Property created successfully',
    updated: 'Property updated successfully',
    deleted: 'Property deleted successfully',
    confirm: 'Are you sure you want to delete this property?',
  },
  topProjects: {
    title: 'Top Projects Management',
    add: 'Add Top Project',
    formAdd: 'Add Top Project',
    formEdit: 'Edit Top Project',
    empty: 'No top projects yet',
    fetchFailed: 'Failed to fetch top projects.',
    loadFailed: 'Failed to load top projects.',
    saveFailed: (reason: string) => `Failed to save top project: ${reason}`,
    deleteFailed: (reason: string) => `Failed to delete top project: ${reason}`,
    created: 'Top project created successfully',
    updated: 'Top project updated successfully',
    deleted: 'Top project deleted successfully',
    confirm: 'Are you sure you want to delete this top project?',
  },
  community: {
    title: 'Community About Management',
    add: 'Add Entry',
    formAdd: 'Add Entry',
    formEdit: 'Edit Entry',
    empty: 'No entries yet',
    fetchFailed: 'Failed to fetch entries',
    saveFailed: 'Failed to save entry',
    deleteFailed: 'Failed to delete entry',
    created: 'Entry created successfully',
    updated: 'Entry updated successfully',
    deleted: 'Entry deleted successfully',
    confirm: 'Are you sure you want to delete this entry?',
  },
  solutions: {
    title: 'Solutions Admin Panel',
    add: 'Add Solution',
    formAdd: 'Add Solution',
    formEdit: 'Edit Solution',
    empty: 'No solutions yet',
    fetchFailed: 'Failed to fetch solutions',
    saveFailed: 'Failed to save solution',
    deleteFailed: 'Failed to delete solution',
    created: 'Solution created successfully',
    updated: 'Solution updated successfully',
    deleted: 'Solution deleted successfully',
    confirm: 'Are you sure you want to delete this solution?',
  },
  experience: {
    title: 'Experience Center Admin',
    add: 'Add Experience Center',
    formAdd: 'Add Experience Center',
    formEdit: 'Edit Experience Center',
    empty: 'No experience centers yet',
    fetchFailed: 'Failed to fetch experience centers',
    saveFailed: 'Failed to save experience center',
    deleteFailed: 'Failed to delete experience center',
    created: 'Experience center created successfully',
    updated: 'Experience center updated successfully',
    deleted: 'Experience center deleted successfully',
    confirm: 'Are you sure you want to delete this experience center?',
  },
  portfolio: {
    title: 'Interior Portfolio Admin',
    add: '+ Add Portfolio',
    formAdd: 'Add Portfolio',
    formEdit: 'Edit Portfolio',
    imageAdd: 'Image *',
    imageEdit: 'Replace Image (optional)',
    category: (c: string) => `Category: ${c}`,
    empty: 'No portfolio items yet',
    fetchFailed: 'Failed to fetch portfolio items',
    saveFailed: 'Failed to save portfolio item',
    deleteFailed: 'Failed to delete portfolio item',
    created: 'Portfolio created successfully',
    updated: 'Portfolio updated successfully',
    deleted: 'Portfolio deleted successfully',
    confirm: 'Are you sure you want to delete this portfolio item?',
  },
  team: {
    title: 'Team Members Management',
    formAdd: 'Add New Team Member',
    formEdit: 'Update Team Member',
    submitAdd: 'Add Member',
    submitEdit: 'Update Member',
    empty: 'No team members added yet',
    confirmTitle: 'Confirm Delete',
    confirm: (name: string) => `Are you sure you want to delete ${name}?`,
    fetchFailed: 'Failed to fetch team members',
    saveFailed: 'Failed to save team member',
    deleteFailed: 'Failed to delete team member',
    created: 'Team member created successfully',
    updated: 'Team member updated successfully',
    deleted: 'Team member deleted successfully',
  },
} as const;

export const aboutEditorCopy = {
  title: 'About Us Editor',
  intro: 'These texts appear on the public About page.',
  hero: 'Hero Section',
  main: 'Main Content',
  years: 'Years of Experience',
  cards: 'Feature Cards',
  heroFields: {
    image: 'Image URL (optional)',
    imageAlt: 'Image alt text (optional)',
    title: 'Title',
    subtitle: 'Subtitle',
    buttonText: 'Button Text',
  },
  mainFields: { title: 'Title', subtitle: 'Subtitle', description: 'Description' },
  yearsFields: { number: 'Number', description: 'Description' },
  cardFields: { title: 'Card Title', description: 'Card Description' },
  /** A field as the edit-conflict dialog names it (docs/decisions/0044): several sections have a Title. */
  placeLabel: (section: string, field: string) => `${section}: ${field}`,
  saveSection: 'Save Section',
  /** The document-level bar (docs/decisions/0039): drafts cover every section at once; a section's save goes live at once. */
  wholePage: 'Draft and publishing',
  wholePageHint:
    'Save Section puts that section on the site at once. Save draft keeps the changes of every section without showing them to visitors, and Publish puts them all on the site.',
  draftShown: 'You are editing a draft: visitors see the About page without these changes until you publish them.',
  fixSections: 'Some sections need attention: see the messages under them.',
  reset: 'Reset Section',
  resetConfirm: 'Are you sure you want to reset this section? Its fields will be cleared.',
  addCard: 'Add Card',
  updateCard: 'Update Card',
  cancelEdit: 'Cancel',
  deleteCardConfirm: 'Are you sure you want to delete this card?',
  saved: 'About Us content saved successfully!',
  saveFailed: 'Failed to save About Us content',
  loadFailed: 'Failed to load About Us content',
} as const;

export const siteSettingsCopy = {
  title: 'Site settings',
  intro: 'The company details every public page shows: header, footer, contact page, page titles and search results.',
  company: 'Company',
  address: 'Address',
  hours: 'Opening hours',
  hoursHint: 'Leave both times empty on a day you are closed.',
  social: 'Social links',
  socialHint: 'Only the links filled in are shown on the site.',
  search: 'Search and sharing',
  fields: {
    companyName: 'Company name',
    email: 'E-mail',
    phone: 'Phone',
    whatsapp: 'WhatsApp number (optional)',
    street: 'Street address',
    locality: 'City',
    region: 'State or region',
    postalCode: 'Postal code',
    country: 'Country code (two letters)',
    mapLink: 'Map link',
    defaultTitle: 'Default page title',
    defaultDescription: 'Default page description',
    shareImage: 'Share image URL (optional)',
  },
  mapLinkHint: 'A link to your office on a map. Empty: the address above, searched on OpenStreetMap.',
  shareImageHint:
    'The image shown when a page is shared, chosen from the media library (or uploaded into it). None: each page’s own image.',
  opens: (day: string) => `${day} opens`,
  closes: (day: string) => `${day} closes`,
  save: 'Save settings',
  saveFailed: 'Failed to save the site settings',
  loadFailed: 'Failed to load the site settings',
  fixErrors: 'Please correct the errors below.',
} as const;

export const accountCopy = {
  title: 'Account',
  signedInAs: (email: string) => `Signed in as ${email}`,
  changePassword: 'Change Password',
  currentPassword: 'Current password',
  /** `min`: the server's shortest password (AdminLimits) */
  newPassword: (min: number) => `New password (at least ${min} characters)`,
  changeSubmit: 'Change Password',
  changing: 'Changing...',
  admins: 'Admins',
  addAdmin: 'Add account',
  adminEmail: 'Email',
  adminPassword: (min: number) => `Password (at least ${min} characters)`,
  adding: 'Adding...',
  remove: 'Remove',
  you: '(you)',
  confirmRemove: (email: string) => `Are you sure you want to remove ${email}?`,
  loadFailed: 'Failed to load admins',
  columns: { email: 'Email', createdAt: 'Added', actions: 'Actions' },
} as const;

/** The account screen's list of one's own sessions (decision 0018). */
export const sessionsCopy = {
  title: 'Sessions',
  intro: 'Where your account is signed in now. A session ends after a while unused; end any you do not recognise.',
  thisDevice: 'This device',
  unknownAddress: 'unknown address',
  started: (when: string) => `Signed in ${when}`,
  lastSeen: (when: string) => `last active ${when}`,
  end: 'End session',
  /** the end button's accessible name */
  endLabel: (device: string, when: string) => `End session: ${device}, signed in ${when}`,
  ending: 'Ending...',
  endOthers: 'End all other sessions',
  endingOthers: 'Ending other sessions...',
  loadFailed: 'Failed to load sessions',
} as const;

export const backupCopy = {
  title: 'Backups',
  intro: "One archive (.tar.gz) holds the whole site: every record, the About content, visitors' messages, admin accounts and every image.",
  holdsTitle: 'A backup taken now holds',
  holds: {
    records: 'Content records',
    messages: 'Contact messages',
    admins: 'Admin accounts',
    images: 'Images',
    auditEvents: 'Activity log entries',
  },
  imagesValue: (count: number, size: string) => `${count} (${size})`,
  leftOut: 'Sessions and login counters are not included: after a restore, everyone logs in again.',
  download: 'Download backup',
  downloading: (received: string) => `Preparing download... ${received}`,
  downloaded: (fileName: string) => `Backup saved as ${fileName}`,
  downloadFailed: 'The backup could not be downloaded. Please try again.',
  cutShort: 'The download was cut short, so the file would be incomplete. Please try again.',
  lastTitle: 'Last backup',
  never: 'No backup has been taken yet.',
  lastTaken: (when: string, via: string) => `Taken ${when} (${via})`,
  via: { download: 'downloaded here', 'command line': 'with npm run backup' },
  lastHeld: (summary: string, size: string) => `${summary}; archive ${size}`,
  loadFailed: 'Failed to load the backup summary',
  restoreTitle: 'Restoring',
  restoreIntro: 'A backup is restored on the server, with the site stopped:',
  restoreCommand: 'npm run restore -- FILE',
  restoreAfter:
    'It loads into an empty database of either kind (the embedded one or PostgreSQL); add --force to replace a site that has content.',
} as const;

/** What an activity entry's target is called, by its type (other types name themselves). */
const activityTargets: Readonly<Record<string, string>> = { account: 'Account', about: 'About Us' };

export const activityCopy = {
  title: 'Activity',
  intro:
    'Every sign-in, account change, backup and content change: who, when and from which address. Entries cannot be changed or deleted.',
  filtersTitle: 'Filter activity',
  person: 'Person',
  personHint: 'Email or account id',
  kind: 'What',
  allKinds: 'Everything',
  from: 'From',
  to: 'To',
  apply: 'Apply filters',
  clear: 'Clear filters',
  tableCaption: 'Activity, newest first',
  columns: { when: 'When', who: 'Who', what: 'What', record: 'Record', address: 'Address', details: 'Details' },
  system: 'System',
  none: '—',
  showDetails: 'Show details',
  hideDetails: 'Hide details',
  noDetails: 'No details',
  field: 'Field',
  before: 'Before',
  after: 'After',
  emptyValue: '(empty)',
  values: 'Values',
  images: (images: { before: number; after: number; added: number; removed: number }) =>
    `Images: ${images.before} → ${images.after} (${images.added} added, ${images.removed} removed)`,
  imageCount: (count: number) => `Images: ${count}`,
  newer: 'Newer',
  older: 'Older',
  page: (n: number) => `Page ${n}`,
  pagination: 'Activity pages',
  empty: 'No activity yet',
  emptyFiltered: 'No activity matches these filters',
  loadFailed: 'Failed to load the activity log',
  targets: activityTargets,
} as const;

/** Roles, two-factor sign-in and re-authentication on the admin screens. */
export const securityCopy = {
  roles: roleLabels,
  role: 'Preset',
  roleOf: (email: string) => `Preset of ${email}`,
  /** The presets' areas, under the add form's preset choice. */
  presetHint: 'Admin: every area. Editor: content. Sales: enquiries.',
  areas: areaLabels,
  permissionsOf: (email: string) => `Permissions of ${email}`,
  areaOf: (area: string, email: string) => `${area} for ${email}`,
  sendResetLink: 'Send reset link',
  sendResetLinkTo: (email: string) => `Send a reset link to ${email}`,
  notAllowedTitle: 'Not allowed',
  notAllowed: 'Your account may not open this screen. Ask someone who manages accounts to give it the permission.',
  backToDashboard: 'Back to the dashboard',
  twoFactorTitle: 'Two-factor sign-in',
  twoFactorOnStatus: (left: number) => `On. ${left} of 10 recovery codes left.`,
  twoFactorOffStatus: 'Off. Sign-in asks for your password only.',
  twoFactorRequiredNote: 'This site requires two-factor sign-in for every account.',
  turnOn: 'Turn on two-factor sign-in',
  turnOff: 'Turn off two-factor sign-in',
  newRecoveryCodes: 'Make new recovery codes',
  scanIntro:
    'Scan this QR code with an authenticator app (for example Google Authenticator, 1Password or Aegis), then enter the 6-digit code it shows.',
  qrAlt: 'QR code for your authenticator app',
  secretLabel: 'Or type this key into the app:',
  codeLabel: '6-digit code',
  recoveryLabel: 'Recovery code',
  confirmCode: 'Confirm code',
  confirming: 'Checking…',
  recoveryTitle: 'Your recovery codes',
  recoveryIntro:
    'Each code lets you sign in once without your phone. Keep them somewhere safe (a password manager or on paper): they are shown only now.',
  recoveryDone: 'I have saved these codes',
  copyCodes: 'Copy',
  codesCopied: 'Recovery codes copied',
  downloadCodes: 'Download (.txt)',
  printCodes: 'Print',
  /** The file the Download button saves, and the heading of the printed page. */
  recoveryFileName: 'recovery-codes.txt',
  recoveryFileHeading: (site: string) => `Recovery codes of ${site}`,
  enrolmentRequired: 'This site requires two-factor sign-in. Turn it on below to use the admin screens.',
  reauthTitle: 'Confirm it is you',
  reauthIntro: 'Enter your password to continue.',
  reauthIntroWithCode: 'Enter your password and a code from your authenticator app (or a recovery code) to continue.',
  reauthPassword: 'Your password',
  reauthSubmit: 'Confirm',
  codeStepTitle: 'Two-factor sign-in',
  codeStepIntro: 'Enter the 6-digit code from your authenticator app.',
  recoveryStepIntro: 'Enter one of your recovery codes. Each works once.',
  useRecovery: 'Use a recovery code instead',
  useCode: 'Use a code from the app instead',
  verify: 'Verify',
  setupStepIntro: 'This site requires two-factor sign-in. Set it up now to finish signing in.',
  continue: 'Continue to the dashboard',
  startOver: 'Start again',
} as const;

/** The e-mail alert of an enquiry, as the inbox shows it (the mail outbox's states). */
export const alertLabels = { pending: 'waiting to send', sent: 'sent', failed: 'not sent (gave up)' } as const;

/** The live preview beside a form (issue 25). */
export const previewCopy = {
  show: 'Show preview',
  hide: 'Hide preview',
  title: 'Live preview',
  frameTitle: (page: string) => `Preview of the page ${page}`,
  /** The preview's choice of the page's language (docs/decisions/0049): one button per language, the one shown pressed. */
  language: 'Page language',
  loading: 'Loading the preview…',
  failed: 'The preview could not be shown.',
  note: 'Unsaved changes; new photos show once saved.',
  /** The Site settings show on every page: their preview is the home page (docs/decisions/0045). */
  siteSettingsNote: 'Unsaved changes, shown on the home page: the Site settings appear on every page.',
  /** A shareable link of the draft (docs/decisions/0043). */
  share: 'Share preview link',
  sharing: 'Making the link…',
  linkLabel: 'Preview link',
  copy: 'Copy link',
  copied: 'Link copied',
  worksUntil: (date: string) => `Anyone with this link sees the draft until ${date}, or until it is published or deleted.`,
  shareFailed: (reason: string) => reason || 'Could not make the preview link.',
};
