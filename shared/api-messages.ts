/** Messages the API replies with, outside the per-field validation messages. */
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
  created: (noun: string) => `${noun} created successfully`,
  updated: (noun: string) => `${noun} updated successfully`,
  deleted: (noun: string) => `${noun} deleted successfully`,
  serverError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The site cannot reach its database right now. Please try again in a moment.',
  storageUnavailable: 'The site cannot reach its image storage right now. Please try again in a moment.',
  diskFull: 'The server has no room left to store this. Nothing was saved; please try again later.',
  imagesBusy: 'Too many images are being processed right now. Please try again in a moment.',
  badRequest: 'Bad request',
  passwordTooShort: 'Password must be at least 12 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed. Please log in again.',
  emailInvalid: 'Please enter a valid email address',
  adminExists: 'An admin with this email already exists',
  adminCreated: 'Admin added',
  adminDeleted: 'Admin removed',
  cannotDeleteSelf: 'You cannot remove your own account',
  lastAdmin: 'The last admin cannot be removed. Add another admin first.',
  textHasNul: (label: string) => `${label} must not contain the NUL character (U+0000)`,
  loggedOut: 'Logged out',
} as const;

/** The one error shape of the API. */
export interface ApiError {
  success: false;
  message: string;
  errors?: string[];
}
