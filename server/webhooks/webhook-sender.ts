/**
 * One attempt of a delivery: the body POSTed as it was stored, signed with HMAC-SHA256 under the hook's
 * secret, to the address checked just before (public-address.ts), with no redirect followed.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_HEADERS } from '../../shared/webhooks';
import { errorCode } from '../../shared/narrow';
import { ClientError } from '../errors';
import { checkedAddress, webhookUrl, type Resolve, type ResolvedAddress } from './public-address';

/** Connect, send and answer within this, or the attempt fails. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** `sha256=<hex>` of the body under the secret: what X-Webhook-Signature carries. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export interface DeliveryRequest {
  url: string;
  secret: string;
  body: string;
  event: string;
  deliveryId: string;
}

/** What an attempt came to: the receiver's status (null when none came), and an error in words unless a 2xx came. */
export interface AttemptOutcome {
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** A lookup that answers with the address already checked, in either shape Node asks for. */
function pinned(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/** Sends one attempt; never throws (a refused address, a timeout or a non-2xx status is the outcome's error). */
export async function sendDelivery(
  request: DeliveryRequest,
  options: { allowPrivate: boolean; resolve: Resolve },
): Promise<AttemptOutcome> {
  const started = Date.now();
  const outcome = (status: number | null, error: string | null): AttemptOutcome => ({ status, error, durationMs: Date.now() - started });
  let target: ResolvedAddress;
  let url: URL;
  try {
    url = webhookUrl(request.url);
    target = await checkedAddress(url, options.allowPrivate, options.resolve);
  } catch (error) {
    return outcome(null, error instanceof ClientError ? error.message : String(error));
  }
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(request.body)),
    'user-agent': 'site-webhooks/1',
    [WEBHOOK_HEADERS.signature]: webhookSignature(request.secret, request.body),
    [WEBHOOK_HEADERS.delivery]: request.deliveryId,
    [WEBHOOK_HEADERS.event]: request.event,
    [WEBHOOK_HEADERS.timestamp]: String(Math.floor(Date.now() / 1000)),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    const req = client.request(
      url,
      { method: 'POST', headers, lookup: pinned(target), signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS), agent: false },
      (res) => {
        const status = res.statusCode ?? null;
        // the answer's body is not used: read and dropped so the connection ends cleanly
        res.resume();
        res.on('end', () => resolve(outcome(status, status !== null && status >= 200 && status < 300 ? null : `answered ${status}`)));
        res.on('error', (error) => resolve(outcome(status, error.message)));
      },
    );
    req.on('error', (error) => {
      const code = errorCode(error);
      resolve(outcome(null, code === 'ABORT_ERR' ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s` : error.message));
    });
    req.end(request.body);
  });
}
