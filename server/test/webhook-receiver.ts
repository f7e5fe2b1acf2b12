/** A webhook receiver on loopback for tests: records every POST (headers and exact body) and answers the statuses it is told to. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** Per path, the statuses of its next answers, in order; 204 once they are used up. */
  answers: Map<string, number[]>;
  stop(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const answers = new Map<string, number[]>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.get(request.url ?? '')?.shift() ?? 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answers,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
