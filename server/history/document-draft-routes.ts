/**
 * Drafts of the two documents (docs/decisions/0039): `/api/about-content/draft` and `/api/site-settings/draft` (GET the
 * newest draft, PUT save one, DELETE discard it), `…/publish`, `…/schedule` (docs/decisions/0042) and `…/preview-link`
 * (docs/decisions/0045). Staff of the document's area only; visitors get 401.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '../../shared/api-messages';
import { draftMessages } from '../../shared/drafts';
import {
  BASE_REVISION_HEADER,
  baseRevisionHeaders,
  editConflictMessages,
  editConflictReply,
  revisionShape,
} from '../../shared/edit-conflicts';
import type { PreviewDocument } from '../../shared/live-preview';
import { isRecord } from '../../shared/narrow';
import { PREVIEW_LINK_DAYS, previewLinkMessages, previewLinkReply, previewLinkUrl } from '../../shared/preview-links';
import type { Area } from '../../shared/roles';
import { z } from '../../shared/zod';
import { auditContext } from '../audit/audit-context';
import { requirePermission } from '../auth/require-admin';
import type { SettingsDocument } from '../db/settings-document';
import { errorReplies, invalidRequest } from '../api/route-schemas';
import { ClientError } from '../errors';
import { registerDocumentScheduleRoutes } from '../schedules/schedule-routes';
import type { Services } from '../services';

interface DocumentDraftTarget<T> {
  base: string;
  /** Its name among the documents a preview shows (its page, its preview links). */
  name: PreviewDocument;
  noun: string;
  tags: string[];
  area: Area;
  document: SettingsDocument<T>;
  /** The document's own save body and the formatter of its errors (the same checks as a save). */
  save: { schema: { body: z.ZodType<T> }; schemaErrorFormatter: ReturnType<typeof invalidRequest> };
}

const security = [{ bearer: [] }];
const written = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ number: z.number().int().nullable(), ...revisionShape }),
});
const conflictDescription =
  'With `Base-Revision` (the `revision` of `GET …/draft` or of the last save’s reply), refused (409, nothing changed, `conflict` says by whom and what) when the document has changed since.';

export function registerDocumentDraftRoutes<T>(app: FastifyInstance, services: Services, target: DocumentDraftTarget<T>): void {
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const { base, noun, tags, document } = target;
  const onRequest = requirePermission(services.auth, target.area);
  const params = { tags, security };

  staff.get(
    `${base}/draft`,
    {
      schema: {
        ...params,
        summary: `The newest draft of the ${noun}, when it is newer than the live one`,
        description: 'With the document’s `revision`, draft or not: the base its editor sends as `Base-Revision` with its saves.',
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ number: z.number().int(), value: z.record(z.string(), z.unknown()) }).nullable(),
            ...revisionShape,
          }),
          ...errorReplies(401, 403),
        },
      },
      onRequest,
    },
    async () => {
      const [draft, revision] = await Promise.all([document.draft(), document.revision()]);
      return {
        success: true as const,
        data: draft && isRecord(draft.value) ? { number: draft.number, value: draft.value } : null,
        revision,
      };
    },
  );

  staff.put(
    `${base}/draft`,
    {
      schema: {
        ...params,
        summary: `Save a draft of the ${noun}; what visitors see is unchanged`,
        description: `The body is a save’s, checked as one. \`autosave=true\` overwrites the newest draft in place, when it is the same account’s. ${conflictDescription}`,
        querystring: z.object({ autosave: z.enum(['true', 'false']).optional() }),
        headers: baseRevisionHeaders,
        body: target.save.schema.body,
        response: { 200: written, ...errorReplies(400, 401, 403), 409: editConflictReply },
      },
      schemaErrorFormatter: (issues, part) =>
        part === 'querystring'
          ? new ClientError(400, draftMessages.autosaveQuery)
          : part === 'headers'
            ? new ClientError(400, editConflictMessages.badBase)
            : target.save.schemaErrorFormatter(issues, part),
      onRequest,
    },
    async (request) => {
      // checked already by the route's schema; parsed again for its type, which the generic route cannot carry
      const value = target.save.schema.body.parse(request.body);
      const autosave = request.query.autosave === 'true';
      const data = await document.saveDraft(value, auditContext(request), autosave, undefined, request.headers[BASE_REVISION_HEADER]);
      return { success: true as const, message: draftMessages.draftSaved, data };
    },
  );

  staff.delete(
    `${base}/draft`,
    {
      schema: { ...params, summary: `Discard the draft of the ${noun}`, response: { 200: written, ...errorReplies(400, 401, 403) } },
      onRequest,
    },
    async (request) => {
      await document.discardDraft(auditContext(request));
      return { success: true as const, message: draftMessages.discarded, data: { number: null, revision: await document.revision() } };
    },
  );

  staff.post(
    `${base}/publish`,
    {
      schema: {
        ...params,
        summary: `Publish the draft of the ${noun}: it becomes what visitors see`,
        description: `Checked against today’s rules (400, nothing changed) and saved as a save is. 400 when there is no draft. ${conflictDescription}`,
        headers: baseRevisionHeaders,
        response: { 200: written, ...errorReplies(400, 401, 403), 409: editConflictReply },
      },
      schemaErrorFormatter: invalidRequest((_issues, part) =>
        part === 'headers' ? new ClientError(400, editConflictMessages.badBase) : new ClientError(400, apiMessages.badRequest),
      ),
      onRequest,
    },
    async (request) => {
      const { version, revision } = await document.publishDraft(auditContext(request), undefined, request.headers[BASE_REVISION_HEADER]);
      return { success: true as const, message: draftMessages.published(noun), data: { number: version, revision } };
    },
  );

  staff.post(
    `${base}/preview-link`,
    {
      schema: {
        ...params,
        summary: `Make a shareable preview link of the ${noun}'s draft`,
        description:
          `A signed link anyone may open for ${PREVIEW_LINK_DAYS} days: the public page the ${noun} shows on, with the draft as it stands, ` +
          'never indexed and kept by no cache. It is refused once it expires, once the draft is published, discarded or overtaken by a save. 400 when there is no draft.',
        response: { 200: previewLinkReply, ...errorReplies(400, 401, 403) },
      },
      onRequest,
    },
    async () => {
      const { token, expiresAt } = await services.previewLinks.createForDocument(target.name);
      const url = previewLinkUrl(services.env.publicUrl, token);
      return { success: true as const, message: previewLinkMessages.made, data: { url, expiresAt: expiresAt.toISOString() } };
    },
  );

  registerDocumentScheduleRoutes(app, { services, base, noun, tags, document, onRequest });
}
