/** Rate-limit replies in the API's one error shape, with Retry-After (set by @fastify/rate-limit). */
import { apiMessages } from '../shared/api-messages';
import { ClientError } from './errors';

export function rateLimitError(): ClientError {
  return new ClientError(429, apiMessages.tooManyRequests);
}
