/** PUT /api/about-content: the hero image may only be one of our own uploads, as the page puts it in an img. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOUT_IMAGE_INVALID, DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { ALT_MAX } from '../../shared/image-details';
import { settings } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

describe('About hero image URL', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(() => t.close());

  const withImage = (image: unknown) => ({ ...DEFAULT_ABOUT_CONTENT, hero: { ...DEFAULT_ABOUT_CONTENT.hero, image } });
  const put = (content: object) => t.app.inject({ method: 'PUT', url: '/api/about-content', headers: auth, payload: content });
  const saved = async () => (await t.app.inject('/api/about-content')).json().data;

  it('refuses anything but our uploads, and keeps what was saved', async () => {
    for (const image of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'https://evil.example/a.webp',
      '//evil.example/uploads/a.webp',
      '/uploads/../secret.webp',
      '/uploads/a.webp?x=javascript:',
      '/uploads/a.png',
      '/uploads/A.webp',
      '/uploads/sub/a.webp',
      '/placeholder.svg',
      42,
    ]) {
      const reply = await put(withImage(image));
      expect(reply.statusCode, String(image)).toBe(400);
      expect(reply.json()).toEqual({ success: false, message: ABOUT_IMAGE_INVALID, errors: [ABOUT_IMAGE_INVALID] });
    }
    expect(await saved()).toEqual(DEFAULT_ABOUT_CONTENT);
  });

  it('accepts no image and the URLs our image pipeline makes', async () => {
    for (const image of ['', '/uploads/3f2a9c1e-77b0-4c1d-9e2f-0a1b2c3d4e5f_1600x900.webp', '/uploads/3f2a9c1e_1600x900-640.avif']) {
      const reply = await put(withImage(image));
      expect(reply.statusCode).toBe(200);
      expect((await saved()).hero.image).toBe(image);
    }
  });

  it('keeps the hero image’s alt text; one too long is refused and changes nothing', async () => {
    const image = '/uploads/3f2a9c1e-77b0-4c1d-9e2f-0a1b2c3d4e5f_1600x900.webp';
    const described = { ...DEFAULT_ABOUT_CONTENT, hero: { ...DEFAULT_ABOUT_CONTENT.hero, image, imageAlt: '  Our carvers at work  ' } };
    expect((await put(described)).statusCode).toBe(200);
    expect((await saved()).hero.imageAlt).toBe('Our carvers at work');
    const tooLong = { ...described, hero: { ...described.hero, imageAlt: 'x'.repeat(ALT_MAX + 1) } };
    const reply = await put(tooLong);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(`Alt text must be at most ${ALT_MAX} characters`);
    expect((await saved()).hero.imageAlt).toBe('Our carvers at work');
    // a document saved before alt texts existed reads as none
    const { imageAlt: _none, ...older } = described.hero;
    expect((await put({ ...DEFAULT_ABOUT_CONTENT, hero: older })).statusCode).toBe(200);
    expect((await saved()).hero.imageAlt).toBe('');
  });

  it('shows no hero image, and keeps the rest, for a document saved before URLs were checked', async () => {
    const old = withImage('javascript:alert(1)');
    await t.services.database.db
      .insert(settings)
      .values({ key: 'about_content', value: old })
      .onConflictDoUpdate({ target: settings.key, set: { value: old } });
    await t.stop();
    t = await t.restart();
    expect((await t.app.inject('/api/about-content')).json().data).toEqual(withImage(''));
  });
});
