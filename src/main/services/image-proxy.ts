import type { HttpClient } from './http/client';

export interface ProxiedImage {
  status: number;
  contentType: string;
  body: Buffer;
}

const MAX_BYTES = 5 * 1024 * 1024;
const MAX_ENTRIES = 400;

/**
 * Product images for the renderer, fetched by main like every other network
 * call: http(s) GETs only, no credentials, images only, size-capped, cached.
 * The renderer's CSP then allows images from the app itself and nothing else.
 */
export class ImageProxy {
  private readonly cache = new Map<string, ProxiedImage>();

  constructor(private readonly http: HttpClient) {}

  async fetch(raw: string | null): Promise<ProxiedImage> {
    let url: URL;
    try {
      url = new URL(raw ?? '');
    } catch {
      return { status: 400, contentType: 'text/plain', body: Buffer.from('not an image URL') };
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
      return { status: 400, contentType: 'text/plain', body: Buffer.from('only http(s) image URLs without credentials') };
    }
    const key = url.toString();
    const hit = this.cache.get(key);
    if (hit) return hit;
    const outcome = await this.http.send({ method: 'GET', url: key, headers: [['Accept', 'image/*']], deadlineMs: 10_000 });
    if (!outcome.ok || outcome.status >= 400) return { status: 502, contentType: 'text/plain', body: Buffer.from('image unavailable') };
    const contentType = outcome.headers['content-type'] ?? '';
    if (!/^image\//i.test(contentType)) return { status: 415, contentType: 'text/plain', body: Buffer.from('not an image') };
    const body = outcome.bytes;
    if (body.length > MAX_BYTES) return { status: 413, contentType: 'text/plain', body: Buffer.from('image too large') };
    const image = { status: 200, contentType, body };
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, image);
    return image;
  }
}
