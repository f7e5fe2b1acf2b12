// The visitor's side of the bench's upload phase (scripts/bench-uploads.ts), in a thread of its own, so
// that the uploaders' client work (sending 4 MB bodies) on the bench's main thread does not delay the
// moment a reply is seen: what is timed is the server. Closed-loop GETs on `connections` keep-alive
// connections for `seconds`; a request still waiting when time is up is waited for and counted (a stall
// is exactly what this phase looks for); one not answered within 30 s counts as failed.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, connections, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let failed = 0;
const started = Date.now();
const until = started + seconds * 1000;
const get = () =>
  new Promise((resolve) => {
    const sent = performance.now();
    const request = http.get(url, { agent, headers: { 'accept-encoding': 'gzip, br' }, timeout: 30_000 }, (reply) => {
      reply.resume();
      reply.once('end', () => resolve(reply.statusCode === 200 ? performance.now() - sent : null));
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(null));
  });
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < until) {
      const ms = await get();
      if (ms === null) failed++;
      else latencies.push(ms);
    }
  }),
);
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
parentPort.postMessage({ rps: (latencies.length + failed) / ((Date.now() - started) / 1000), p50: at(0.5), p99: at(0.99), failed });
