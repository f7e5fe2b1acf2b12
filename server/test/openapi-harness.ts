/**
 * The OpenAPI test's app and its call recorder: each call's reply is checked against the description
 * (its status documented, its body matching that status's schema), and every (operation, status)
 * checked is recorded, so that the test can say at the end that every operation was called.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { parseMailSettings } from '../mail/mail-settings';
import { createTestApp, type TestApp } from './test-app';
import { makeImage } from './test-images';

type Schema = Record<string, unknown>;
export interface Operation {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown> & { schemas?: Record<string, unknown> };
}

export const METRICS_TOKEN = 'metrics-token-for-the-openapi-test';
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** `/api/clients/:id` as the description spells it. */
export const openApiPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export class OpenApiHarness {
  t!: TestApp;
  /** The test admin's bearer token (the sessions calls replace it after ending the others). */
  token = '';
  document!: OpenApiDocument;
  jpeg!: Buffer;
  /** Per operation ("get /api/clients"), the statuses of the replies checked against it. */
  readonly checked = new Map<string, Set<number>>();
  repliesChecked = 0;
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

  async start(): Promise<void> {
    // mail set up (never sent: no worker) so the reset-link routes answer their success too
    const mail = parseMailSettings({ SMTP_URL: 'smtp://site:secret@127.0.0.1:9', MAIL_FROM: 'Site <site@example.in>' }, 'http://localhost');
    this.t = await createTestApp({ metricsToken: METRICS_TOKEN, mail }, undefined, { renditionWorker: false, mailWorker: false });
    this.token = await this.t.login();
    this.jpeg = await makeImage('jpeg', 320, 240);
    const reply = await this.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(reply.statusCode).toBe(200);
    this.document = reply.json();
  }

  async close(): Promise<void> {
    await this.t?.close();
  }

  readonly auth = (bearer = this.token): Record<string, string> => ({ authorization: `Bearer ${bearer}` });

  /**
   * Sends a request for `route` (its pattern, e.g. /api/clients/:id) and checks the reply against the
   * description: the status is documented, and the body matches that status's schema for its content type.
   */
  readonly call = async (route: string, options: InjectOptions): Promise<LightMyRequestResponse> => {
    const reply = await this.t.app.inject(options);
    const method = String(options.method ?? 'GET').toLowerCase();
    const operation = this.document.paths[openApiPath(route)]?.[method];
    expect(operation, `${method} ${route} is described`).toBeDefined();
    const status = reply.statusCode;
    const response = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
    expect(response, `${method} ${route} describes status ${status} (${reply.body.slice(0, 200)})`).toBeDefined();
    if (!response.content) {
      expect(reply.body, `${method} ${route} ${status} has no body`).toBe('');
    } else {
      const type = String(reply.headers['content-type'] ?? '').split(';')[0];
      const media = response.content[type];
      expect(media, `${method} ${route} ${status} describes ${type}`).toBeDefined();
      const body = type === 'application/json' ? reply.json() : reply.body;
      const validate = this.ajv.compile({ ...media.schema, components: this.document.components });
      expect(validate(body), `${method} ${route} ${status}: ${this.ajv.errorsText(validate.errors)}\n${reply.body.slice(0, 500)}`).toBe(
        true,
      );
    }
    this.repliesChecked += 1;
    const key = `${method} ${route}`;
    this.checked.set(key, (this.checked.get(key) ?? new Set()).add(status));
    return reply;
  };
}

/** The routes in app.printRoutes()' tree, with their full paths and methods. */
export function servedRoutes(tree: string): { url: string; methods: string[] }[] {
  const routes: { url: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )?(\S+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match || !match[2]) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    if (match[3]) routes.push({ url: stack.join(''), methods: match[3].split(', ') });
  }
  return routes;
}
