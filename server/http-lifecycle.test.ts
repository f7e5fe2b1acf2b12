// engine-independent: HTTP start and stop; opens no database
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyHttpTimeouts } from './http-lifecycle';
import { makeImage, multipart } from './test/test-images';
import { postHead, prepareDataDir, rawRequest, sleep, startServer, type ServerProcess } from './test/server-process';

/** SHUTDOWN_TIMEOUT_SECONDS of the server under test (20 by default: the test need not wait that long). */
const STOP_DEADLINE_S = 10;

/** A plain Node server with our limits and a handler that reads the body, thinks for `workMs`, then answers. */
async function limitedServer(limits: { headersMs: number; requestMs: number; idleMs: number }, workMs = 0) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => setTimeout(() => res.end('done'), workMs));
  });
  applyHttpTimeouts(server, limits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('client time limits', () => {
  const servers: http.Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  it('disconnects a client whose headers do not arrive in time', async () => {
    const { server, port } = await limitedServer({ headersMs: 1000, requestMs: 60_000, idleMs: 30_000 });
    servers.push(server);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    const started = Date.now();
    socket.write('GET / HTTP/1.1\r\nhost: x\r\n');
    const trickle = setInterval(() => socket.write('x-slow: 1\r\n'), 200); // never silent, never done
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(trickle);
    const held = Date.now() - started;
    expect(held).toBeGreaterThanOrEqual(900);
    expect(held).toBeLessThan(3_500);
  });

  it('disconnects a client whose body stalls, but not one whose request is being worked on', async () => {
    const stalled = await limitedServer({ headersMs: 10_000, requestMs: 60_000, idleMs: 500 });
    servers.push(stalled.server);
    const upload = rawRequest(stalled.port, 'POST / HTTP/1.1\r\nhost: x\r\n', Buffer.alloc(1000), 100);
    const held = await upload.closed;
    expect(await upload.status).toBeNull();
    expect(held).toBeGreaterThanOrEqual(400);
    expect(held).toBeLessThan(3_000);

    // the whole body arrived; the answer takes three idle periods to prepare and still gets through
    const slowHandler = await limitedServer({ headersMs: 10_000, requestMs: 60_000, idleMs: 300 }, 1_000);
    servers.push(slowHandler.server);
    const patient = rawRequest(slowHandler.port, 'POST / HTTP/1.1\r\nhost: x\r\n', Buffer.alloc(1000));
    expect(await patient.status).toBe(200);
    patient.socket.destroy();
  });

  it('ends a connection whose request was answered before its body was read, after the answer', async () => {
    // reads the start of the body, then gives up on it (as an upload that hit a full disk does)
    const server = http.createServer((req, res) => {
      req.once('data', () => {
        req.pause();
        res.writeHead(507, { 'content-type': 'text/plain' }).end('disk full');
      });
    });
    server.keepAliveTimeout = 72_000; // Fastify's
    applyHttpTimeouts(server, { headersMs: 10_000, requestMs: 60_000, idleMs: 30_000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const upload = rawRequest(
      (server.address() as AddressInfo).port,
      'POST / HTTP/1.1\r\nhost: x\r\n',
      Buffer.alloc(4 * 1024 * 1024),
      64 * 1024,
    );
    expect(await upload.status).toBe(507);
    expect(await upload.closed).toBeLessThan(2_000); // not kept for the rest of a body nobody reads
  });
});

describe('stopping the built server', () => {
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dataDir = await prepareDataDir();
    // a short stop deadline: the stalled upload below holds the stop until it
    server = await startServer({ dataDir, env: { HEADERS_TIMEOUT_SECONDS: '2', SHUTDOWN_TIMEOUT_SECONDS: String(STOP_DEADLINE_S) } });
  }, 180_000);
  afterAll(() => {
    server?.child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('disconnects a slow-headers client after HEADERS_TIMEOUT_SECONDS', async () => {
    const socket = net.connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    const started = Date.now();
    socket.write('GET / HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    const trickle = setInterval(() => socket.write('x-slow: 1\r\n'), 300);
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(trickle);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  });

  it('on SIGTERM finishes the request in flight, closes a stalled upload at the deadline, leaves no temporary file and exits 0 soon after', async () => {
    const token = await server.login();
    const photo = await makeImage('jpeg', 1600, 1200);
    const stalledForm = multipart({ title: 'Never finished' }, [{ field: 'image', data: photo }]);
    const stalled = rawRequest(
      server.port,
      postHead('/api/property', token, stalledForm.headers['content-type']),
      stalledForm.payload,
      Math.floor(stalledForm.payload.length / 2),
    );
    const form = multipart({ title: 'Finished during the stop' }, [{ field: 'image', data: photo }]);
    const inFlight = rawRequest(
      server.port,
      postHead('/api/property', token, form.headers['content-type']),
      form.payload,
      Math.floor(form.payload.length / 2),
    );
    const tmpDir = path.join(dataDir, 'tmp');
    const tempFiles = () => (fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir) : []);
    for (let i = 0; i < 200 && tempFiles().length < 2; i++) await sleep(50);
    expect(tempFiles()).toHaveLength(2); // both uploads are being received

    const stopAt = Date.now();
    server.child.kill('SIGTERM');
    await sleep(300);
    // no new connections while stopping
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(server.port, '127.0.0.1');
      probe.once('connect', () => resolve(false)).once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
    inFlight.sendRest();
    expect(await inFlight.status).toBe(201);

    expect(await server.exited).toBe(0);
    const exitMs = Date.now() - stopAt;
    // it waited for the stalled upload until the deadline, and not much longer
    expect(exitMs).toBeGreaterThanOrEqual(STOP_DEADLINE_S * 1000 - 100);
    expect(exitMs).toBeLessThan(STOP_DEADLINE_S * 1000 + 10_000);
    expect(await stalled.status).toBeNull(); // closed without an answer at the deadline
    expect(tempFiles()).toEqual([]);
    expect(server.output()).toMatch(/Stopped in .*1 unfinished connection\(s\) closed/);
  }, 60_000);
});
