/**
 * A crash at any instant of a write leaves no record pointing at a missing image: the built
 * server is killed (SIGKILL) while creates with images are in flight (and background renditions
 * are being made), at a different moment each round, then restarted; every record's stored image
 * must be on disk at once, the start sweep must have cleared tmp and every file no record uses, and
 * in the end the background jobs the crashes interrupted must have made every rendition.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRenditionUrls } from '../../shared/image-urls';
import { RESOURCE_KEYS, resources, type ResourceDef } from '../../shared/resources';
import { startServer, sleep, type ServerProcess } from '../test/server-process';
import { serverTestPlace } from '../test/server-test-place';
import { usingPostgres } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';

/**
 * When each round's SIGKILL comes: the instant the first file of a write lands in storage (its row
 * cannot be committed yet, the rest of its files are still moving), or some milliseconds after the
 * first request (reading the upload, encoding, storing, committing).
 */
const KILL_AT: ('first stored file' | number)[] = ['first stored file', 400, 'first stored file', 2000];

const place = serverTestPlace('crash');

async function imageUrlsOfAllRecords(server: ServerProcess): Promise<string[]> {
  const urls: string[] = [];
  for (const key of RESOURCE_KEYS) {
    const def = resources[key] as ResourceDef;
    const body = await (await fetch(`${server.base}/api/${def.path}`)).json();
    const records = (def.listEnvelope === 'array' ? body : body[def.listEnvelope]) as Record<string, unknown>[];
    for (const record of records) {
      const value = record[def.image.field];
      const list = typeof value === 'string' ? [value] : (value as (string | { url: string })[]);
      urls.push(...list.map((item) => (typeof item === 'string' ? item : item.url)));
    }
  }
  return urls;
}

const storedNames = () => (fs.existsSync(path.join(place.dataDir, 'uploads')) ? fs.readdirSync(path.join(place.dataDir, 'uploads')) : []);
const isStored = (url: string) => fs.existsSync(path.join(place.dataDir, 'uploads', path.basename(url)));
const sourceOf = (url: string) => path.basename(url).replace('.webp', '.source');

/** Stored files no record needs: neither a rendition of a record's image nor the source its pending job makes them from. */
function orphansOf(urls: string[]): string[] {
  const inUse = new Set([...urls.flatMap(allRenditionUrls).map((url) => path.basename(url)), ...urls.map(sourceOf)]);
  return storedNames().filter((name) => !inUse.has(name));
}

/** Entries of a directory from before a moment: what a crash left (the new process's rendition work is younger). */
function entriesOlderThan(dir: string, moment: number): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => {
    const stat = fs.statSync(path.join(dir, name), { throwIfNoEntry: false });
    return stat !== undefined && stat.mtimeMs < moment;
  });
}

async function allRenditionsMade(urls: string[]): Promise<void> {
  const deadline = Date.now() + 90_000;
  const pending = () => urls.flatMap(allRenditionUrls).filter((url) => !isStored(url));
  while (pending().length > 0 || urls.some((url) => isStored(sourceOf(url)))) {
    if (Date.now() > deadline) throw new Error(`renditions still missing: ${pending().join(', ')}`);
    await sleep(200);
  }
}

/** Creates with images, back to back, on two connections, until the server dies. */
async function writeUntilKilled(server: ServerProcess, token: string, counts: { acknowledged: number }) {
  const writer = async (lane: number) => {
    for (let i = 0; ; i++) {
      const gallery = (lane + i) % 2 === 0;
      // photos of their own bytes each time: staff upload new photos (the library would merge identical ones into one image)
      const images = await Promise.all([makeImage('jpeg', 700, 500), makeImage('png', 660, 480), makeImage('jpeg', 680, 460)]);
      const body = gallery
        ? multipart(
            { title: `Crash gallery ${lane}-${i}`, category: 'Bedroom' },
            images.slice(0, 2).map((data) => ({ field: 'images', data })),
          )
        : multipart({ title: `Crash property ${lane}-${i}` }, [{ field: 'image', data: images[2] }]);
      try {
        const reply = await fetch(`${server.base}/api/${gallery ? 'gallery' : 'property'}`, {
          method: 'POST',
          headers: { ...body.headers, authorization: `Bearer ${token}` },
          body: body.payload,
        });
        if (reply.status === 201) counts.acknowledged += 1;
        else if (reply.status !== 503) throw new Error(`unexpected ${reply.status}: ${await reply.text()}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('unexpected')) throw error;
        return; // the connection died with the server
      }
    }
  };
  await Promise.all([writer(0), writer(1)]);
}

/** Resolves once the server was sent SIGKILL at the given moment. */
async function killAt(moment: (typeof KILL_AT)[number], server: ServerProcess): Promise<void> {
  if (typeof moment === 'number') {
    await sleep(moment);
    server.child.kill('SIGKILL');
    return;
  }
  const uploads = path.join(place.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  await new Promise<void>((resolve) => {
    const watcher = fs.watch(uploads, () => {
      server.child.kill('SIGKILL');
      watcher.close();
      resolve();
    });
    // no write stored anything within the time: kill anyway, the round still counts as a crash
    setTimeout(() => {
      watcher.close();
      server.child.kill('SIGKILL');
      resolve();
    }, 10_000).unref();
  });
}

describe('SIGKILL during writes with images', () => {
  it(
    'never leaves a record whose images are missing; the restart sweeps tmp and orphans and finishes the renditions',
    { timeout: 240_000 },
    async () => {
      const counts = { acknowledged: 0 };
      const acknowledgedUrls = new Set<string>();
      let leftoversSeen = 0;
      const tmp = path.join(place.dataDir, 'tmp');

      // each start is the restart after the previous round's crash: it checks, then writes and is killed
      for (let round = 0; round <= KILL_AT.length; round++) {
        const startedAt = Date.now();
        const server = await startServer({ dataDir: place.dataDir, env: place.env(), readyTimeoutMs: 30_000 });
        try {
          const urls = await imageUrlsOfAllRecords(server);
          for (const url of urls) acknowledgedUrls.add(url);
          // the stored URL (every page's fallback) is there at once; the other renditions may still be coming
          const missing = urls.filter((url) => !isStored(url));
          expect(missing, `round ${round}: records point at missing files`).toEqual([]);
          if (!usingPostgres()) {
            // the embedded database has one process: everything a crash left is swept at once
            expect(entriesOlderThan(tmp, startedAt), `round ${round}: tmp after restart`).toEqual([]);
            expect(orphansOf(urls), `round ${round}: orphans after restart`).toEqual([]);
          }
          if (urls[0]) expect((await fetch(`${server.base}${urls[0]}`)).status).toBe(200);
          if (round === KILL_AT.length) {
            // the jobs the crashes interrupted are done by the last start (on PostgreSQL once a dead claim's lease is over)
            await allRenditionsMade(urls);
            // on PostgreSQL a crash's recent orphans are spared (another process may be about to commit their row) until a later start
            if (!usingPostgres()) expect(orphansOf(urls), 'orphans once the renditions are made').toEqual([]);
            break;
          }

          const token = await server.login();
          const writing = writeUntilKilled(server, token, counts);
          await killAt(KILL_AT[round], server);
          await server.exited; // reaped: the next start may take the database lock
          await writing;
          if (fs.existsSync(tmp)) leftoversSeen += fs.readdirSync(tmp).length;
        } finally {
          server.child.kill('SIGKILL');
          await server.exited;
        }
      }
      // the rounds did write, and did kill work in flight
      expect(counts.acknowledged).toBeGreaterThan(0);
      expect(acknowledgedUrls.size).toBeGreaterThan(0);
      expect(leftoversSeen, 'no kill landed while an upload was being written or processed').toBeGreaterThan(0);
    },
  );
});
