/**
 * For a file's tests through the whole app, pages included (needs the built front end): a test app with its renditions
 * held, the production web app on its services and a session of the test admin; made before the file's tests and
 * closed after them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from './test-app';

export interface WebTestApp {
  /** The API app, its services and database; set before the file's tests run, as are the others. */
  readonly testApp: TestApp;
  /** The app that serves the pages too, on the same services. */
  readonly web: FastifyInstance;
  /** A bearer token of the test admin. */
  readonly token: string;
}

export function webTestApp(): WebTestApp {
  let made: WebTestApp | undefined;
  beforeAll(async () => {
    const testApp = await createTestApp({}, undefined, { renditionWorker: false });
    const web = await buildApp({ services: testApp.services, web: 'production' });
    made = { testApp, web, token: await testApp.login() };
  });
  afterAll(async () => {
    await made?.web.close();
    await made?.testApp.close();
  });
  const ready = (): WebTestApp => {
    if (!made) throw new Error('the web test app is made before the file’s tests');
    return made;
  };
  return {
    get testApp() {
      return ready().testApp;
    },
    get web() {
      return ready().web;
    },
    get token() {
      return ready().token;
    },
  };
}
