/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability. The contact is the e-mail
 * address the public footer and contact page show (the Site settings), or the contact page without one.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from './services';

const DAY_MS = 24 * 60 * 60 * 1000;
/** RFC 9116 advises an Expires less than a year ahead; the file is written afresh on each request. */
const VALID_DAYS = 364;

/** The security.txt text for a site at publicUrl, expiring VALID_DAYS after `now`. */
function securityTxt(publicUrl: string, email: string, now: Date): string {
  // midnight UTC, so every reply of one day is the same file
  const expires = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + VALID_DAYS * DAY_MS);
  return [
    `Contact: ${email ? `mailto:${email}` : `${publicUrl.replace(/\/+$/, '')}/contact`}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    `Canonical: ${publicUrl.replace(/\/+$/, '')}/.well-known/security.txt`,
    'Preferred-Languages: en',
    '',
  ].join('\n');
}

export const securityTxtRoute: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/.well-known/security.txt', async (_request, reply) => {
    const { email } = await services.siteSettings.get();
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(securityTxt(services.env.publicUrl, email, new Date()));
  });
};
