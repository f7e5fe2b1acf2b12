/**
 * The versions routes (docs/decisions/0038), for every content resource (`/api/<path>/:id/versions…`), the About
 * content (`/api/about-content/versions…`) and the Site settings (`/api/site-settings/versions…`): list, one
 * version, compare two, restore one, and purge (Admins). Staff of the area only; visitors get 401.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '../../shared/api-messages';
import { draftMessages } from '../../shared/drafts';
import { historyMessages, VERSION_PAGE_MAX } from '../../shared/history';
import type { ResourceDef } from '../../shared/resources';
import type { Area } from '../../shared/roles';
import { auditContext } from '../audit/audit-context';
import type { AuditContext } from '../audit/audit-service';
import { requirePermission } from '../auth/require-admin';
import { ClientError } from '../errors';
import type { Services } from '../services';
import type { HistorySubject } from './content-history';
import { historySchemas } from './history-schemas';
import { compareSnapshots, placeLabel } from '../../shared/version-snapshots';

/** One thing with a history, as the routes serve it. */
interface HistoryTarget {
  /** The path the versions hang under: `/api/clients/:id`, `/api/about-content`. */
  base: string;
  noun: string;
  /** A resource's item (its id in the path), or a document. */
  withId: boolean;
  area: Area;
  /** Whose versions the request asks for: 400 for a bad id, 404 for an item that does not exist. */
  subject(params: Record<string, string>): Promise<HistorySubject>;
  labels: ReadonlyMap<string, string>;
  imageFields: readonly string[];
  restore(subject: HistorySubject, number: number, by: AuditContext): Promise<number>;
  /** Restores as a new draft, the live state unchanged (docs/decisions/0039). */
  restoreAsDraft(subject: HistorySubject, number: number, by: AuditContext): Promise<number>;
  purge(subject: HistorySubject, by: AuditContext): Promise<number>;
}

/** Labels of a record's places: its fields', and those of its images and their details. */
function labelsOf(def: ResourceDef): Map<string, string> {
  const labels = new Map(def.fields.map((field) => [field.name, field.label]));
  labels.set(def.image.field, def.image.kind === 'single' ? 'Image' : 'Images');
  labels.set('imageAlt', 'Image alt text');
  labels.set('imageFocusX', 'Image focal point (left)');
  labels.set('imageFocusY', 'Image focal point (top)');
  labels.set('imageDetails', 'Image alt texts and focal points');
  return labels;
}

function targets(services: Services): HistoryTarget[] {
  const { content, about, siteSettings } = services;
  const resourceTargets = content.resources.definitions().map(([key, def]): HistoryTarget => ({
    base: `/api/${def.path}/:id`,
    noun: def.noun.toLowerCase(),
    withId: true,
    area: 'content',
    async subject(params) {
      const id = params.id ?? '';
      if (!(await content.reads.exists(key, id))) throw new ClientError(404, apiMessages.recordNotFound(def.noun));
      return { resource: key, itemId: id };
    },
    labels: labelsOf(def),
    imageFields: [def.image.field],
    restore: async (subject, number, by) => (await content.writes.restoreVersion(key, subject.itemId, number, by)).number,
    restoreAsDraft: async (subject, number, by) => (await content.drafts.restoreAsDraft(key, subject.itemId, number, by)).number ?? 0,
    purge: (subject, by) => content.writes.purgeHistory(key, subject.itemId, by),
  }));
  const documentTarget = (base: string, noun: string, area: Area, document: typeof about | typeof siteSettings): HistoryTarget => ({
    base,
    noun,
    withId: false,
    area,
    subject: async () => document.subject,
    labels: new Map(),
    imageFields: [],
    restore: async (_subject, number, by) => (await document.restoreVersion(number, by)).version,
    restoreAsDraft: async (_subject, number, by) => (await document.restoreAsDraft(number, by)).number,
    purge: (_subject, by) => document.purgeHistory(by),
  });
  return [
    ...resourceTargets,
    documentTarget('/api/about-content', 'About content', 'content', about),
    documentTarget('/api/site-settings', 'Site settings', 'settings', siteSettings),
  ];
}

/** A version number from the path or the query: a whole number from 1. */
function versionNumber(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new ClientError(400, historyMessages.badVersionNumber);
  return Number(raw);
}

/** Only an Admin (every area: the preset, or a hand-made set that equals it) may purge history (decision 0028). */
function assertAdmin(request: FastifyRequest): void {
  if (request.admin?.role !== 'admin') throw new ClientError(403, historyMessages.adminOnly);
}

export const historyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  for (const target of targets(services)) {
    const guard = requirePermission(services.auth, target.area);
    const schemas = historySchemas(target.noun, target.withId);
    const versions = `${target.base}/versions`;

    app.get(versions, { ...schemas.list, onRequest: guard }, async (request) => {
      const subject = await target.subject(request.params);
      const { before, limit } = request.query;
      const size = limit === undefined ? 50 : Number(limit);
      if (size < 1 || size > VERSION_PAGE_MAX) throw new ClientError(400, historyMessages.badPage);
      const page = await services.history.list(subject, before === undefined ? null : Number(before), size);
      const versions = page.versions.map((version) => ({
        ...version,
        changedLabels: version.changedFields.map((place) => placeLabel(place, target.labels)),
      }));
      return { success: true as const, data: { ...page, versions } };
    });

    app.get(`${versions}/compare`, { ...schemas.compare, onRequest: guard }, async (request) => {
      const subject = await target.subject(request.params);
      const from = versionNumber(request.query.from);
      const to = versionNumber(request.query.to);
      const [older, newer] = await services.history.get(subject, from, to);
      const fields = compareSnapshots(older.snapshot, newer.snapshot, { labels: target.labels, imageFields: target.imageFields });
      const summary = ({ snapshot: _snapshot, images: _images, ...rest }: typeof older) => rest;
      return { success: true as const, data: { from: summary(older), to: summary(newer), fields } };
    });

    app.get(`${versions}/:number`, { ...schemas.one, onRequest: guard }, async (request) => {
      const subject = await target.subject(request.params);
      const [version] = await services.history.get(subject, versionNumber(request.params.number));
      const { images: _images, ...shown } = version;
      return { success: true as const, data: shown };
    });

    app.post(`${versions}/:number/restore`, { ...schemas.restore, onRequest: guard }, async (request) => {
      const subject = await target.subject(request.params);
      const number = versionNumber(request.params.number);
      if (request.body.as === 'draft') {
        const drafted = await target.restoreAsDraft(subject, number, auditContext(request));
        return { success: true as const, message: draftMessages.restoredAsDraft(number), data: { number: drafted } };
      }
      const restoredAs = await target.restore(subject, number, auditContext(request));
      return { success: true as const, message: historyMessages.restored(number), data: { number: restoredAs } };
    });

    app.delete(versions, { ...schemas.purge, onRequest: guard }, async (request) => {
      assertAdmin(request);
      const subject = await target.subject(request.params);
      const removed = await target.purge(subject, auditContext(request));
      return { success: true as const, message: historyMessages.purged(removed), data: { removed } };
    });
  }
};
