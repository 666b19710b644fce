import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { HttpClient } from '../http';

export interface ProxiedImage {
  status: number;
  contentType: string;
  body: Buffer;
}

export interface ImageProxyOptions {
  /** `host[:port]` of the active profile's search service: the one loopback or private place images may come from (Local demo). */
  ownService?: () => string | undefined;
  /** Every address a host name resolves to (DNS by default; tests give their own). */
  resolve?: (hostname: string) => Promise<string[]>;
}

const MAX_BYTES = 5 * 1024 * 1024;
const MAX_ENTRIES = 400;
const MAX_HOSTS = 10_000;

/** Loopback, private, link-local, carrier-grade NAT, multicast and unspecified ranges, IPv4 and IPv6. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4, v6, or v4 mapped into v6) is not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true; // not an address at all: refuse rather than guess
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const dnsResolve = async (hostname: string) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

const refuse = (status: number, why: string): ProxiedImage => ({ status, contentType: 'text/plain', body: Buffer.from(why) });

/**
 * Product images for the renderer, fetched by main like every other network
 * call: http(s) GETs only, no credentials, images only, size-capped, cached.
 * The renderer's CSP then allows images from the app itself and nothing else.
 *
 * The proxy is not a way to reach anything else: it fetches only from hosts
 * that image URLs in the service's answers named (answers pass through
 * `noted`), and never from a loopback or private address unless that is the
 * active profile's own service (Local demo runs on loopback).
 */
export class ImageProxy {
  private readonly cache = new Map<string, ProxiedImage>();
  /** `host[:port]` of every image URL seen in an answer. */
  private readonly hosts = new Set<string>();

  constructor(
    private readonly http: HttpClient,
    private readonly options: ImageProxyOptions = {},
  ) {}

  /** Records the image hosts an answer names (any `imageUrl` in it), and hands the answer on. */
  noted<T>(answer: T): T {
    const stack: unknown[] = [answer];
    let visited = 0;
    while (stack.length > 0 && visited++ < 200_000) {
      const value = stack.pop();
      if (value === null || typeof value !== 'object') continue;
      const record = value as Record<string, unknown>;
      for (const key in record) {
        const child = record[key];
        if (key === 'imageUrl' && typeof child === 'string') this.allowHostOf(child);
        else if (child !== null && typeof child === 'object') stack.push(child);
      }
    }
    return answer;
  }

  /** `scheme://authority` prefixes already read: a 1,000-item answer names the same image host 1,000 times. */
  private readonly seenPrefixes = new Set<string>();

  private allowHostOf(raw: string): void {
    const prefix = /^https?:\/\/[^/?#\\]*/i.exec(raw)?.[0];
    if (prefix === undefined || this.seenPrefixes.has(prefix) || this.hosts.size >= MAX_HOSTS) return;
    try {
      const url = new URL(raw);
      if (url.protocol === 'https:' || url.protocol === 'http:') this.hosts.add(url.host);
      if (this.seenPrefixes.size < MAX_HOSTS) this.seenPrefixes.add(prefix);
    } catch {
      // Not a URL: nothing to allow.
    }
  }

  async fetch(raw: string | null): Promise<ProxiedImage> {
    let url: URL;
    try {
      url = new URL(raw ?? '');
    } catch {
      return refuse(400, 'not an image URL');
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
      return refuse(400, 'only http(s) image URLs without credentials');
    if (!this.hosts.has(url.host)) return refuse(403, 'only images from hosts that the service’s answers name');
    if (url.host !== this.options.ownService?.()) {
      let addresses: string[];
      try {
        addresses = await (this.options.resolve ?? dnsResolve)(url.hostname.replace(/^\[|\]$/g, ''));
      } catch {
        return refuse(502, 'image unavailable');
      }
      if (addresses.length === 0 || addresses.some(isPrivateAddress))
        return refuse(403, 'not from a loopback or private address other than the profile’s own service');
    }
    const key = url.toString();
    const hit = this.cache.get(key);
    if (hit) return hit;
    const outcome = await this.http.send({ method: 'GET', url: key, headers: [['Accept', 'image/*']], deadlineMs: 10_000 });
    if (!outcome.ok || outcome.status >= 400) return refuse(502, 'image unavailable');
    const contentType = outcome.headers['content-type'] ?? '';
    if (!/^image\//i.test(contentType)) return refuse(415, 'not an image');
    const body = outcome.bytes;
    if (body.length > MAX_BYTES) return refuse(413, 'image too large');
    const image = { status: 200, contentType, body };
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, image);
    return image;
  }
}
