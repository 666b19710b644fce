/**
 * Product images go through main (the renderer makes no network requests of
 * its own): a same-origin path that main's image proxy answers, in both the
 * desktop app and browser mode.
 */
export function proxiedImage(url: unknown): string | undefined {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return undefined;
  return `./__workbench/image?u=${encodeURIComponent(url)}`;
}
