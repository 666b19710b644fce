/** Text for HTML, in content and in double-quoted attributes (null and undefined: nothing). */
export const escapeHtml = (s: unknown): string =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/**
 * The start of a self-contained report page up to its `<style>`: nothing can be fetched (the CSP allows inline
 * styles, and `data:` images where `images` is set), light and dark from the reader's setting.
 */
export function reportHead(title: string, options: { images?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'${options.images ? '; img-src data:' : ''}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>`;
}
