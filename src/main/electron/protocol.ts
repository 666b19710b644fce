import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { protocol } from 'electron';
import { documentSecurityHeaders } from '../csp';

export const APP_SCHEME = 'app';
export const APP_HOST = 'workbench';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Must run before `app` is ready: a standard, secure origin lets Monaco's workers and fetch work. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Maps `app://workbench/<path>` to a file inside `rootDir`, refusing anything outside it. */
export function resolveAppPath(rootDir: string, requestUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0')) return undefined;
  const root = resolve(rootDir);
  const file = resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`);
  return file === root || file.startsWith(root + sep) ? file : undefined;
}

/** Fetches an image for the renderer (main's image proxy). */
export type ImageSource = (url: string | null) => Promise<{ status: number; contentType: string; body: Buffer }>;

export const IMAGE_PATH = '/__workbench/image';

export async function serveAppRequest(rootDir: string, request: Request, images?: ImageSource): Promise<Response> {
  const target = new URL(request.url);
  if (images && target.host === APP_HOST && target.pathname === IMAGE_PATH) {
    const image = await images(target.searchParams.get('u'));
    return new Response(new Uint8Array(image.body), {
      status: image.status,
      headers: { 'Content-Type': image.contentType, 'Cache-Control': 'max-age=3600', 'X-Content-Type-Options': 'nosniff' },
    });
  }
  const file = resolveAppPath(rootDir, request.url);
  if (!file) return new Response('Not found', { status: 404 });
  try {
    const body = await readFile(file);
    const headers: Record<string, string> = {
      'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
      ...documentSecurityHeaders('electron'),
    };
    return new Response(body, { status: 200, headers });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}

export function handleAppProtocol(rootDir: string, images?: ImageSource): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rootDir, request, images));
}
