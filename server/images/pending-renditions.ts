/**
 * A page names every rendition of an image in its srcsets as soon as the record is saved, while the
 * background job may still be making them. A request for one that is not stored yet (or never will
 * be: its job failed) is sent to the stored URL, which always exists, with a temporary redirect that
 * nothing caches, so the browser shows the image now and fetches the real rendition next time.
 */
import type { FastifyReply } from 'fastify';
import { allRenditionUrls } from '../../shared/image-urls';
import type { RenditionJobs } from './rendition-jobs';

/** Any rendition's file name: <key>_<w>x<h>.webp (the stored URL) or <key>_<w>x<h>-<width>.<format>. */
const RENDITION_NAME = /^([a-z0-9-]+_\d+x\d+)(?:-\d+)?\.(?:webp|avif)$/;

/** The stored URL of the image a rendition's file name belongs to; null for a name of no rendition. */
export function storedUrlOf(fileName: string): string | null {
  const match = RENDITION_NAME.exec(fileName);
  return match ? `/uploads/${match[1]}.webp` : null;
}

/**
 * The one entry point for "not found under /uploads": when `fileName` is a missing rendition of an
 * image whose job is pending or failed, answers 307 to the stored URL and returns true; otherwise
 * answers nothing and returns false (the caller sends its 404).
 */
export async function redirectPendingRendition(jobs: RenditionJobs, fileName: string, reply: FastifyReply): Promise<boolean> {
  const storedUrl = storedUrlOf(fileName);
  if (!storedUrl) return false;
  const requested = `/uploads/${fileName}`;
  // the stored URL itself has no fallback, and only names the image really has are redirected
  if (requested === storedUrl || !allRenditionUrls(storedUrl).includes(requested)) return false;
  if (!(await jobs.hasJob(storedUrl))) return false;
  reply.code(307).header('location', storedUrl).header('cache-control', 'no-store').send();
  return true;
}
