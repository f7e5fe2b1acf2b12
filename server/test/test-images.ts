/** Real image files for upload tests, made with sharp. */
import sharp from 'sharp';

/** `shade` (0 to 255) changes the colour: images of one size and format with other shades have other bytes. */
export async function makeImage(
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' = 'jpeg',
  width = 640,
  height = 480,
  shade = 40,
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: shade } } });
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
