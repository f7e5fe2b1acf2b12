/** Messages the API replies with, outside the per-field validation messages. */
import { PASSWORD_MIN_LENGTH } from './admin-limits';

export const apiMessages = {
  unauthorized: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  invalidLogin: 'Invalid email or password',
  loginRequired: 'Email and password are required',
  accountLocked: 'Too many failed attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  notFound: 'Not found',
  recordNotFound: (noun: string) => `${noun} not found`,
  invalidId: 'Invalid id',
  editConflict: (noun: string) => `This ${noun.toLowerCase()} was changed by someone else meanwhile. Please reload it and try again.`,
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request is too large.',
  unsupportedType: 'Unsupported content type. Send multipart/form-data or JSON.',
  formPostsOnly: 'Unsupported content type. Send the form as application/x-www-form-urlencoded.',
  malformedMultipart: 'The upload could not be read. Please try again.',
  notAnImage: 'Please select an image file',
  imageTooLarge: (mb: number) => `Image size must be less than ${mb}MB`,
  imageTooManyPixels: 'The image dimensions are too large.',
  tooManyFiles: 'Too many files in one request.',
  unexpectedFile: (field: string) => `Unexpected file field "${field}".`,
  invalidExistingImages: 'The list of kept images is not valid.',
  invalidDescriptions: 'The list of image descriptions is not valid.',
  invalidImageOrder: 'The image order is not valid: name every image once, by its place among the kept images and then the new ones.',
  created: (noun: string) => `${noun} created successfully`,
  updated: (noun: string) => `${noun} updated successfully`,
  deleted: (noun: string) => `${noun} deleted successfully`,
  notInTrash: (noun: string) => `${noun} not found in the trash`,
  unknownTrashResource: 'There is no such kind of item in the trash.',
  restored: (noun: string) => `${noun} restored`,
  deletedForever: (noun: string) => `${noun} deleted forever`,
  visibilityChanged: (noun: string, hidden: boolean) => `${noun} ${hidden ? 'hidden from' : 'shown on'} the public site`,
  orderSaved: 'Order saved',
  visibilityBodyInvalid: 'Send {"hidden": true} or {"hidden": false}.',
  orderBodyInvalid: 'Send {"ids": [...]}: every item’s id, in the new order.',
  orderDuplicate: 'The order names an item more than once.',
  orderMismatch: (noun: string) =>
    `The order must name every ${noun.toLowerCase()} exactly once; the list has changed meanwhile. Please reload it and try again.`,
  serverError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The site cannot reach its database right now. Please try again in a moment.',
  storageUnavailable: 'The site cannot reach its image storage right now. Please try again in a moment.',
  diskFull: 'The server has no room left to store this. Nothing was saved; please try again later.',
  imagesBusy: 'Too many images are being processed right now. Please try again in a moment.',
  badRequest: 'Bad request',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: 'Password must be at most 128 characters',
  passwordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed. Please log in again.',
  emailInvalid: 'Please enter a valid email address',
  emailMixedScripts:
    'The email mixes alphabets (for example a letter that only looks Latin). Write each part, before and after the @, in one alphabet.',
  adminExists: 'An admin with this email already exists',
  adminDeleted: 'Admin removed',
  cannotDeleteSelf: 'You cannot remove your own account',
  lastAdmin: 'The last admin cannot be removed. Add another admin first.',
  textHasNul: (label: string) => `${label} must not contain the NUL character (U+0000)`,
  loggedOut: 'Logged out',
  passwordCommon: 'This password is one of the 100,000 most common passwords. Please choose a less common one.',
  crossSiteRefused: 'This request did not come from the admin screens and was refused.',
  sessionEnded: 'Session ended',
  otherSessionsEnded: (count: number) => (count === 1 ? '1 other session ended' : `${count} other sessions ended`),
  activityFilterInvalid: (what: string) => `The activity filter is not valid: ${what}.`,
} as const;

/** Names of the permission areas (the account screen's checkboxes and the 403 message). */
export const areaLabels = {
  content: 'Content',
  enquiries: 'Enquiries',
  settings: 'Site settings',
  accounts: 'Accounts and backups',
  activity: 'Activity log',
} as const;

/** Names of the presets, and of an account whose areas were set by hand. */
export const roleLabels = { admin: 'Admin', editor: 'Editor', sales: 'Sales', custom: 'Custom' } as const;

/** Messages of a password reset by e-mail (when SMTP_URL is set). */
export const passwordResetMessages = {
  requested: 'If an account has this e-mail address, a link to set a new password is on its way. It works once, for 30 minutes.',
  noMail:
    'This site sends no e-mail, so a reset link cannot be sent. Ask whoever runs the site to set a new password from the command line.',
  linkInvalid: 'This link has expired or was already used. Ask for a new one on the Forgot password screen.',
  done: 'Your password is set, and every session of the account has ended. Sign in with the new password.',
  linkSent: (email: string) => `A reset link was sent to ${email}`,
} as const;

/** Messages of roles, two-factor sign-in and re-authentication. */
export const accountSecurityMessages = {
  /** 403 for an account without the area a route needs. */
  areaRequired: (area: string) => `Your account may not do this: it needs the “${area}” permission. Ask someone who manages accounts.`,
  roleInvalid: 'The role must be admin, editor or sales',
  permissionsInvalid: 'Permissions must be a list of: content, enquiries, settings, accounts, activity',
  roleOrPermissions: 'Send either a role (admin, editor or sales) or a list of permissions',
  roleChanged: 'Permissions changed',
  lastAdminDemoted: 'The last account that manages accounts cannot lose that permission. Give it to another account first.',
  /** The toast of an added account: what was made (Admin, Editor, Sales or Custom). */
  accountAdded: (roleLabel: string) => `${roleLabel} added`,
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  challengeExpired: 'This sign-in took too long. Please enter your email and password again.',
  twoFactorOn: 'Two-factor sign-in is on',
  twoFactorOff: 'Two-factor sign-in is off',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorOffNoCodes: 'Two-factor sign-in is off: there are no recovery codes to replace.',
  recoveryCodesReplaced: 'New recovery codes made. The old ones no longer work.',
  twoFactorNotStarted: 'Start the set-up first: no secret is waiting for confirmation.',
  twoFactorRequiredBySite: 'This site requires two-factor sign-in (REQUIRE_2FA): it cannot be turned off.',
  reauthRequired: 'Confirm your password (and code, if two-factor sign-in is on) to do this.',
  reauthFailed: 'The password or code is not right. Nothing was changed.',
  reauthConfirmed: 'Confirmed',
  twoFactorSetupFirst: 'This site requires two-factor sign-in. Turn it on for your account (Account, Two-factor sign-in) to continue.',
} as const;

/** Messages about the alt text and focal point of images (see shared/image-details.ts). */
export const imageDetailMessages = {
  altNotText: 'Alt text must be text',
  altTooLong: (max: number) => `Alt text must be at most ${max} characters`,
  altHasNul: 'Alt text must not contain the NUL character (U+0000)',
  focusInvalid: 'The focal point must be two whole numbers from 0 to 100',
  invalidDetails: 'The list of image details is not valid.',
} as const;
