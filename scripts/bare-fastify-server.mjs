// The bench's reference (scripts/bench-serving.ts): bare Fastify routes, each sending fixed bytes with fixed
// headers, in a plain Node process of its own, as the server runs in one (not inside the bench's process,
// whose loader and heap are not a bare server's). Reads { routes: { [path]: { headers, body (base64) } } }
// from the JSON file named first; prints the port it listens on.
import fs from 'node:fs';
import Fastify from 'fastify';

const { routes } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const app = Fastify();
for (const [route, reply] of Object.entries(routes)) {
  const body = Buffer.from(reply.body, 'base64');
  app.get(route, (_request, answer) => void answer.headers(reply.headers).send(body));
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${app.server.address().port}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
