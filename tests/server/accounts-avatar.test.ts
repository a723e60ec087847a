import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/db.ts';
import { call, createCustomer, customerSnapshot, login } from './accounts-support.ts';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  await createCustomer(server, { username: 'avatar_user', password: 'abc12345' });
  cookie = await login(server, 'avatar_user', 'abc12345');
});
afterAll(() => server.close());

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const upload = (imageData: string) => call(server, 'POST', '/ajax/customer/avatar/upload', { cookie, payload: { imageData } });

function picture(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

async function expectServedAvatar(url: string, uploaded: Buffer) {
  expect(url).toMatch(/^\/ajax\/avatar\/[A-Za-z0-9_-]{22}\.png$/);
  const served = await call(server, 'GET', url);
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  const bytes = served.rawPayload;
  expect(bytes.equals(uploaded)).toBe(false);
  const meta = await sharp(bytes).metadata();
  expect(meta).toMatchObject({ format: 'png', width: 184, height: 184 });
}

describe('avatar upload', () => {
  it('re-encodes a real PNG to a 184×184 PNG and serves only that', async () => {
    const png = await picture(400, 300).png().toBuffer();
    const response = await upload(dataUrl('image/png', png));
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    await expectServedAvatar(url, png);
    expect(await customerSnapshot(server, 'avatar_user')).toMatchObject({ avatar_image: url });
  });

  it('re-encodes a real JPEG (with metadata stripped) and replaces the previous upload', async () => {
    const previous = (await customerSnapshot(server, 'avatar_user')).avatar_image as string;
    const jpeg = await picture(184, 184).jpeg().withMetadata({ exif: { IFD0: { Copyright: 'secret-marker' } } }).toBuffer();
    const response = await upload(dataUrl('image/jpeg', jpeg));
    const { url } = response.json();
    await expectServedAvatar(url, jpeg);
    const served = (await call(server, 'GET', url)).rawPayload;
    expect(served.toString('latin1')).not.toContain('secret-marker');
    expect((await call(server, 'GET', previous)).statusCode).toBe(404);
  });

  const refused: [string, () => Promise<string>, string][] = [
    ['text declared as PNG', async () => dataUrl('image/png', Buffer.from('just some text, not an image')), '仅支持 JPG、JPEG、PNG 格式'],
    ['HTML declared as JPEG', async () => dataUrl('image/jpeg', Buffer.from('<html><script>alert(1)</script></html>')), '仅支持 JPG、JPEG、PNG 格式'],
    ['an SVG declared as PNG', async () => dataUrl('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')), '仅支持 JPG、JPEG、PNG 格式'],
    ['a GIF declared as PNG', async () => dataUrl('image/png', await picture(20, 20).gif().toBuffer()), '仅支持 JPG、JPEG、PNG 格式'],
    ['a PNG signature followed by HTML', async () => dataUrl('image/png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html></html>')])), '仅支持 JPG、JPEG、PNG 格式'],
    ['a truncated PNG', async () => dataUrl('image/png', (await picture(100, 100).png().toBuffer()).subarray(0, 60)), '仅支持 JPG、JPEG、PNG 格式'],
    ['a GIF data URL', async () => dataUrl('image/gif', await picture(20, 20).gif().toBuffer()), '仅支持 JPG、JPEG、PNG 格式'],
    ['more than 3 MB', async () => dataUrl('image/png', Buffer.alloc(3_145_729)), '上传图片大小不能超过 3MB'],
    ['not a data URL', async () => 'https://example.com/a.png', '仅支持 JPG、JPEG、PNG 格式'],
  ];
  for (const [what, make, message] of refused) {
    it(`refuses ${what} and changes nothing`, async () => {
      const before = await customerSnapshot(server, 'avatar_user');
      const images = await server.db.database.pool.query('SELECT id FROM avatar_images ORDER BY id');
      const response = await upload(await make());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message });
      expect(await customerSnapshot(server, 'avatar_user')).toEqual(before);
      expect((await server.db.database.pool.query('SELECT id FROM avatar_images ORDER BY id')).rows).toEqual(images.rows);
    });
  }

  it('answers 404 for an unknown avatar and refuses odd names', async () => {
    expect((await call(server, 'GET', '/ajax/avatar/AAAAAAAAAAAAAAAAAAAAAA.png')).statusCode).toBe(404);
    expect((await call(server, 'GET', '/ajax/avatar/..%2Fsecret.png')).statusCode).toBe(400);
  });
});
