/** A camera-like JPEG for load tests: smooth colour gradients under fine grain, which compresses about as a phone photo does. */
import crypto from 'node:crypto';
import sharp from 'sharp';

export async function makePhoto(width = 4000, height = 3000, grain = 24, quality = 88): Promise<Buffer> {
  const channels = 3;
  const pixels = crypto.randomFillSync(Buffer.alloc(width * height * channels));
  // separable gradient: a wave across and one down, each channel shifted
  const across = Float32Array.from(
    { length: width * channels },
    (_, i) => 45 * Math.sin((6 * Math.floor(i / channels)) / width + 2 * (i % channels)),
  );
  const down = Float32Array.from(
    { length: height * channels },
    (_, i) => 128 + 45 * Math.cos((4 * Math.floor(i / channels)) / height - (i % channels)),
  );
  const span = 2 * grain + 1;
  for (let y = 0; y < height; y++) {
    const row = y * width * channels;
    for (let i = 0; i < width * channels; i++) {
      const value = down[y * channels + (i % channels)] + across[i] + (pixels[row + i] % span) - grain;
      pixels[row + i] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality }).toBuffer();
}
