/** Checks a picked file before anything is sent, with the messages the server would give, and scales phone photos down to fit. */
import { maxImageMb, type AdminLimits } from '../../../shared/admin-limits';
import { commonCopy } from '../../../shared/copy/admin';

/** The longest side a photo keeps after scaling in the browser: more than any public page shows (1600 px renditions). */
const MAX_IMAGE_SIDE = 4000;

/** JPEG/WebP qualities tried in turn until the photo fits under the limit: few steps, each encode of 10+ megapixels takes a while. */
const QUALITIES = [0.85, 0.7, 0.55];

/** A picked file made ready to send: the file itself, or a scaled copy; or why it cannot be sent. */
export type PreparedFile = { ok: true; file: File; scaled: boolean } | { ok: false; problem: string };

/** Decodes with the EXIF orientation applied, so the pixels drawn are the photo as seen; null when the browser cannot decode it. */
async function decode(file: File): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
}

/** A canvas with the bitmap drawn at the given size, drawn once and encoded at each quality tried. */
interface DrawnImage {
  encode: (type: string, quality: number) => Promise<Blob | null>;
}

/** Draws the bitmap at the given size: on an OffscreenCanvas where there is one, a canvas element otherwise. */
function draw(bitmap: ImageBitmap, width: number, height: number): DrawnImage | null {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    return { encode: (type, quality) => canvas.convertToBlob({ type, quality }).catch(() => null) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  return { encode: (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality)) };
}

/** The name of the scaled copy: the same name with the new type's extension. */
const renamed = (name: string, type: string) => `${name.replace(/\.[^./]*$/, '') || 'photo'}.${type === 'image/webp' ? 'webp' : 'jpg'}`;

/**
 * Makes a picked file fit the server's limits: a photo over MAX_IMAGE_MB or longer than 4000 px on a side
 * is scaled down (orientation kept) and re-encoded, the quality stepped down until it fits. Files that fit
 * are sent unchanged (a PNG keeps its transparency). A file the browser cannot decode is sent as it is when
 * it is within the limit (the server gives its own message), and refused as too large otherwise, as before.
 */
export async function prepareImageFile(file: File, limits: AdminLimits, many = false): Promise<PreparedFile> {
  if (!file.type.startsWith('image/')) return { ok: false, problem: many ? commonCopy.notImages : commonCopy.notAnImage };
  const tooLarge = { ok: false, problem: commonCopy.tooLarge(maxImageMb(limits)) } as const;
  const bitmap = await decode(file);
  if (!bitmap) return file.size > limits.maxImageBytes ? tooLarge : { ok: true, file, scaled: false };
  try {
    const longest = Math.max(bitmap.width, bitmap.height);
    if (file.size <= limits.maxImageBytes && longest <= MAX_IMAGE_SIDE) return { ok: true, file, scaled: false };
    // images that may be transparent go to WebP (keeps alpha); photos to JPEG, which every browser encodes
    const type = /png|webp|gif|avif/.test(file.type) ? 'image/webp' : 'image/jpeg';
    let scale = Math.min(1, MAX_IMAGE_SIDE / longest);
    // each round shrinks a little more when even the lowest quality did not fit
    for (let round = 0; round < 4; round += 1, scale *= 0.75) {
      const drawn = draw(bitmap, Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
      if (!drawn) return tooLarge;
      for (const quality of QUALITIES) {
        let blob = await drawn.encode(type, quality);
        let made = type;
        // a browser that cannot encode WebP answers with PNG: JPEG then
        if (!blob || blob.type !== type) {
          blob = await drawn.encode('image/jpeg', quality);
          made = 'image/jpeg';
        }
        if (blob && blob.size <= limits.maxImageBytes)
          return { ok: true, file: new File([blob], renamed(file.name, made), { type: made }), scaled: true };
      }
    }
    return tooLarge;
  } finally {
    bitmap.close();
  }
}
