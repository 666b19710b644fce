import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../src/main/services/http/client';
import { ImageProxy, isPrivateAddress } from '../../../src/main/services/search/image-proxy';
import { testEmulator, type TestEmulator } from '../../helpers/emulator';

let em: TestEmulator;
let http: HttpClient;
/** Another loopback server, standing for a local service the proxy must not reach. */
let other: Server;
let otherHits = 0;

beforeAll(async () => {
  em = await testEmulator({ items: 200 });
  http = new HttpClient();
  other = createServer((_req, res) => {
    otherHits += 1;
    res.writeHead(200, { 'Content-Type': 'image/png' }).end('png');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await http.close();
  await new Promise((resolve) => other.close(resolve));
  await em.stop();
});

const ownService = () => new URL(em.url).host;
const answerNaming = (...urls: string[]) => ({ items: urls.map((imageUrl, i) => ({ id: String(i), product: { imageUrl } })) });

describe('image proxy', () => {
  it('fetches product images named in an answer of the active profile’s service, and caches them', async () => {
    const proxy = new ImageProxy(http, { ownService });
    const search = await em.search({ query: 'tent' });
    const url = search.body.items[0].product.imageUrl as string;
    // Before any answer named the host, nothing is fetched from it.
    expect((await proxy.fetch(url)).status).toBe(403);
    proxy.noted(search.body);
    const before = (await em.get('/__emulator/stats')).body.requests.operator;
    const first = await proxy.fetch(url);
    expect(first).toMatchObject({ status: 200, contentType: 'image/png' });
    expect(first.body.subarray(1, 4).toString('latin1')).toBe('PNG');
    await proxy.fetch(url);
    expect((await em.get('/__emulator/stats')).body.requests.operator - before).toBe(2); // one image fetch, one stats call
  });

  it('refuses what is not an image, or not an http(s) URL', async () => {
    const proxy = new ImageProxy(http, { ownService });
    proxy.noted(answerNaming(`${em.url}/__emulator/info`));
    expect((await proxy.fetch(`${em.url}/__emulator/info`)).status).toBe(415);
    expect((await proxy.fetch('javascript:alert(1)')).status).toBe(400);
    expect((await proxy.fetch('file:///etc/passwd')).status).toBe(400);
    expect((await proxy.fetch(null)).status).toBe(400);
  });

  it('never reaches a loopback or private address other than the profile’s own service, even when an answer names it', async () => {
    const port = (other.address() as AddressInfo).port;
    const resolve = async (hostname: string) =>
      ({
        'metadata.internal': ['169.254.169.254'],
        'cdn.example.com': ['93.184.216.34'],
        'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
      })[hostname] ?? (hostname === 'localhost' ? ['127.0.0.1'] : [hostname]);
    const proxy = new ImageProxy(http, { ownService, resolve });
    const urls = [
      `http://127.0.0.1:${port}/a.png`,
      `http://localhost:${port}/a.png`,
      `http://[::1]:${port}/a.png`,
      `http://[::ffff:127.0.0.1]:${port}/a.png`,
      'http://169.254.169.254/latest/meta-data',
      'http://metadata.internal/a.png',
      'http://192.168.1.1/a.png',
      'http://rebind.example.com/a.png',
    ];
    proxy.noted(answerNaming(...urls));
    for (const url of urls) expect({ url, status: (await proxy.fetch(url)).status }).toEqual({ url, status: 403 });
    expect(otherHits).toBe(0);
    // The same loopback server is fine once it is the active profile's own service.
    const own = new ImageProxy(http, { ownService: () => `127.0.0.1:${port}`, resolve });
    own.noted(answerNaming(`http://127.0.0.1:${port}/a.png`));
    expect((await own.fetch(`http://127.0.0.1:${port}/a.png`)).status).toBe(200);
    expect(otherHits).toBe(1);
  });

  it('knows which addresses are private', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'nonsense',
    ])
      expect({ a, private: isPrivateAddress(a) }).toEqual({ a, private: true });
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '172.32.0.1'])
      expect({ a, private: isPrivateAddress(a) }).toEqual({ a, private: false });
  });
});
