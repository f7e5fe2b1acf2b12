/**
 * Drafts of the two documents (docs/decisions/0039): `/api/about-content/draft` and `/api/site-settings/draft` (GET the
 * newest draft, PUT save one, DELETE discard it), `…/publish` and `…/schedule` (docs/decisions/0042). Staff of the document's area only; visitors get 401.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { draftMessages } from '../../shared/drafts';
import { isRecord } from '../../shared/narrow';
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
  noun: string;
  tags: string[];
  area: Area;
  document: SettingsDocument<T>;
  /** The document's own save body and the formatter of its errors (the same checks as a save). */
  save: { schema: { body: z.ZodType<T> }; schemaErrorFormatter: ReturnType<typeof invalidRequest> };
}

const security = [{ bearer: [] }];
const written = z.object({ success: z.literal(true), message: z.string(), data: z.object({ number: z.number().int().nullable() }) });

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
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ number: z.number().int(), value: z.record(z.string(), z.unknown()) }).nullable(),
          }),
          ...errorReplies(401, 403),
        },
      },
      onRequest,
    },
    async () => {
      const draft = await document.draft();
      return { success: true as const, data: draft && isRecord(draft.value) ? { number: draft.number, value: draft.value } : null };
    },
  );

  staff.put(
    `${base}/draft`,
    {
      schema: {
        ...params,
        summary: `Save a draft of the ${noun}; what visitors see is unchanged`,
        description: 'The body is a save’s, checked as one. `autosave=true` overwrites the newest draft in place.',
        querystring: z.object({ autosave: z.enum(['true', 'false']).optional() }),
        body: target.save.schema.body,
        response: { 200: written, ...errorReplies(400, 401, 403) },
      },
      schemaErrorFormatter: (issues, part) =>
        part === 'querystring' ? new ClientError(400, draftMessages.autosaveQuery) : target.save.schemaErrorFormatter(issues, part),
      onRequest,
    },
    async (request) => {
      // checked already by the route's schema; parsed again for its type, which the generic route cannot carry
      const value = target.save.schema.body.parse(request.body);
      const number = await document.saveDraft(value, auditContext(request), request.query.autosave === 'true');
      return { success: true as const, message: draftMessages.draftSaved, data: { number } };
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
      return { success: true as const, message: draftMessages.discarded, data: { number: null } };
    },
  );

  staff.post(
    `${base}/publish`,
    {
      schema: {
        ...params,
        summary: `Publish the draft of the ${noun}: it becomes what visitors see`,
        description: 'Checked against today’s rules (400, nothing changed) and saved as a save is. 400 when there is no draft.',
        response: { 200: written, ...errorReplies(400, 401, 403) },
      },
      onRequest,
    },
    async (request) => {
      const { version } = await document.publishDraft(auditContext(request));
      return { success: true as const, message: draftMessages.published(noun), data: { number: version } };
    },
  );

  registerDocumentScheduleRoutes(app, { services, base, noun, tags, document, onRequest });
}
