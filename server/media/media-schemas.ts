/** The request and reply schemas of the media library's routes (/api/media; the shapes in shared/media.ts). */
import {
  mediaChangeBody,
  mediaEntryReply,
  mediaInUseReply,
  mediaListQuery,
  mediaListReply,
  mediaMessages,
  mediaSavedReply,
  mediaUploadedReply,
  MEDIA_PAGE_SIZE,
} from '../../shared/media';
import { z } from '../../shared/zod';
import { documentedOnly, errorReplies, idParams, invalidRequest, messageReply } from '../api/route-schemas';
import { ClientError } from '../errors';
import { imageFile } from '../resources/resource-schemas';

const tags = ['Media library'];
const security = [{ bearer: [] }];
const who = 'Accounts with the content area (401 signed out, 403 without it).';

const badChange = invalidRequest(() => new ClientError(400, mediaMessages.invalidChange, [mediaMessages.invalidChange]));

export const mediaSchemas = {
  list: {
    schema: {
      tags,
      summary: 'A page of the library’s images, searched, filtered by use and sorted',
      description: `${who} \`q\` matches name, alt text and tags (any case); \`used\` keeps the images some record, draft, version or document names (or those none does), by any of their URLs (an alias counts for its image); \`where\` keeps those a resource’s records (in the Trash too), the About content or the Site settings name; ${MEDIA_PAGE_SIZE} a page by default.`,
      security,
      querystring: mediaListQuery,
      response: { 200: mediaListReply, ...errorReplies(400, 401, 403) },
    },
    schemaErrorFormatter: invalidRequest(() => new ClientError(400, mediaMessages.badQuery)),
  },
  one: {
    schema: {
      tags,
      summary: 'One image of the library, with where it is used',
      description: who,
      security,
      params: idParams,
      response: { 200: mediaEntryReply, ...errorReplies(400, 401, 403, 404) },
    },
  },
  update: {
    schema: {
      tags,
      summary: 'Change an image’s name, alt text, tags or focal point; what is left out keeps its value',
      description: who,
      security,
      params: idParams,
      body: mediaChangeBody,
      response: { 200: mediaSavedReply, ...errorReplies(400, 401, 403, 404) },
    },
    schemaErrorFormatter: badChange,
  },
  upload: {
    schema: {
      tags,
      summary: 'Upload one or more images into the library',
      description: `${who} Each file is checked, decoded and stored as every upload is (MAX_IMAGE_MB, MAX_IMAGE_PIXELS); named by its file name without the extension. A file with the same bytes as an image of the library (not in the Trash) is not stored again: the reply gives that image.`,
      security,
      body: {
        content: {
          'multipart/form-data': {
            schema: documentedOnly(z.object({ files: z.array(imageFile).min(1).meta({ description: 'The image files' }) })),
          },
        },
      },
      response: { 201: mediaUploadedReply, ...errorReplies(400, 401, 403, 413, 415, 507) },
    },
  },
  replace: {
    schema: {
      tags,
      summary: 'Replace an image’s file everywhere it is used',
      description: `${who} The new file is checked, decoded and stored as every upload is, under a new URL that becomes the image’s; the old URL stays an alias: records keep naming it, public reads show the new file and /uploads answers the old URL’s renditions with 301 to the new ones once the old files are gone (they go at once unless a kept version names them). Records are not changed.`,
      security,
      params: idParams,
      body: {
        content: {
          'multipart/form-data': {
            schema: documentedOnly(z.object({ file: imageFile.meta({ description: 'The new image file' }) })),
          },
        },
      },
      response: { 200: mediaSavedReply, ...errorReplies(400, 401, 403, 404, 413, 415, 507) },
    },
  },
  remove: {
    schema: {
      tags,
      summary: 'Move an unused image to the Trash',
      description: `${who} An image some record, draft, version or document names is refused (409) with that list.`,
      security,
      params: idParams,
      response: { 200: messageReply, 409: mediaInUseReply, ...errorReplies(400, 401, 403, 404) },
    },
  },
};
