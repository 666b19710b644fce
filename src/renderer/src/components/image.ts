import { IMAGE_KEY_PARAM, IMAGE_KEY_STORAGE_KEY } from '@shared/ipc';

/**
 * Product images go through main (the renderer makes no network requests of
 * its own): a same-origin path that main's image proxy answers, in both the
 * desktop app and browser mode.
 */
export function proxiedImage(url: unknown): string | undefined {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return undefined;
  // Browser mode: an <img> cannot send the session header, so images carry the session's images-only key.
  const key = imageKey();
  return `./__workbench/image?u=${encodeURIComponent(url)}${key ? `&${IMAGE_KEY_PARAM}=${encodeURIComponent(key)}` : ''}`;
}

function imageKey(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(IMAGE_KEY_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage refused (a sandboxed frame): the desktop app needs no key
  }
}
