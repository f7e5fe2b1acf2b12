/** Real image files for upload tests, made with sharp. */
import sharp from 'sharp';

type Format = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

let made = 0;
/** A colour no other image made here without one has (4,096 of them): the media library merges uploads of the same bytes into one image. */
function ownColour() {
  made += 1;
  return { r: 20 + (made % 16) * 14, g: 20 + (Math.floor(made / 16) % 16) * 14, b: 20 + (Math.floor(made / 256) % 16) * 14 };
}

/** An image of its own bytes, unless a background is given (then the same bytes every time for the same arguments). */
export async function makeImage(format: Format = 'jpeg', width = 640, height = 480, background = ownColour()): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background } });
  return image.toFormat(format).toBuffer();
}

export interface FilePart {
  field: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject(). */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename ?? 'photo.jpg'}"\r\nContent-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
