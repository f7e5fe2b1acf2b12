/**
 * The image process: decodes and encodes images for the server (server/images/image-process.ts), apart
 * from the process that answers visitors. Its threads run at a lower priority (every one of them, its
 * garbage collector's too) and the megabytes of decoded pixels live in its heap, not the server's; so
 * on a small machine a burst of uploads neither takes a visitor's core nor makes the server's garbage
 * collector pause (docs/decisions/0050). Requests come over the IPC channel; it ends when that closes.
 */
import { decodeSource, encodeRendition, prepareImage, type DecodedImage } from './image-pipeline';
import { lowerAllThreadsPriority, processThreadNiceness } from './thread-priority';
import type { ImageJob, ImageReply, ImageRequest } from './image-process';
import { ClientError } from '../errors';
import { idleCollector } from '../idle-collector';

// the server's supervisor may signal the whole group: this process ends when the server lets go of it
process.on('SIGTERM', () => {});
process.on('SIGINT', () => {});
process.on('disconnect', () => process.exit(0));

lowerAllThreadsPriority();
// the pixels of a burst of uploads are given back once it is over, as the server does its garbage
idleCollector.start();

/** Decoded images the server still encodes renditions from, by handle. */
const decoded = new Map<number, DecodedImage>();
let nextHandle = 1;

async function run(job: ImageJob): Promise<unknown> {
  switch (job.op) {
    case 'prepare':
      return prepareImage(job.sourcePath, job.stagingDir, job.limits);
    case 'decode': {
      const handle = nextHandle++;
      decoded.set(handle, await decodeSource(job.sourcePath, job.url, job.limits));
      return handle;
    }
    case 'encode': {
      const image = decoded.get(job.handle);
      if (!image) throw new Error('The decoded image is no longer held');
      await encodeRendition(image, job.rendition, job.target);
      return null;
    }
    case 'release':
      decoded.delete(job.handle);
      return null;
    case 'niceness':
      return processThreadNiceness();
  }
}

process.on('message', (request: ImageRequest) => {
  idleCollector.noteWork();
  void run(request.job).then(
    (value) => send({ id: request.id, ok: true, value }),
    (error: unknown) =>
      send({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        clientStatus: error instanceof ClientError ? error.statusCode : undefined,
      }),
  );
});

function send(reply: ImageReply): void {
  // threads libvips started for this job inherit the lowered priority; checked again for any the runtime added
  lowerAllThreadsPriority();
  process.send?.(reply);
}
