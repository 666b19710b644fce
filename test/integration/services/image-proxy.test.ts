import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../src/main/services/http/client';
import { ImageProxy } from '../../../src/main/services/image-proxy';
import { testEmulator, type TestEmulator } from '../../helpers/emulator';

let em: TestEmulator;
beforeAll(async () => {
  em = await testEmulator({ items: 200 });
});
afterAll(() => em.stop());

describe('image proxy', () => {
  it('fetches product images for the renderer and caches them', async () => {
    const http = new HttpClient();
    const proxy = new ImageProxy(http);
    const search = await em.search({ query: 'tent' });
    const url = search.body.items[0].product.imageUrl as string;
    const before = (await em.get('/__emulator/stats')).body.requests.operator;
    const first = await proxy.fetch(url);
    expect(first).toMatchObject({ status: 200, contentType: expect.stringMatching(/^image\/svg\+xml/) });
    expect(first.body.toString('utf8')).toMatch(/^<svg /);
    await proxy.fetch(url);
    expect((await em.get('/__emulator/stats')).body.requests.operator - before).toBe(2); // one image fetch, one stats call
    await http.close();
  });

  it('refuses what is not an image', async () => {
    const http = new HttpClient();
    const proxy = new ImageProxy(http);
    expect((await proxy.fetch(`${em.url}/__emulator/info`)).status).toBe(415);
    expect((await proxy.fetch('javascript:alert(1)')).status).toBe(400);
    expect((await proxy.fetch(null)).status).toBe(400);
    await http.close();
  });
});
