import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { REPORT_TOKENS, renderReport, ReportPage } from '../../../src/report';
import { byTag, parseHtml, words } from '../../helpers/html';

/** The custom properties of one rule of the app's stylesheet, by its selector. */
function stylesheetTokens(selector: string): Record<string, string> {
  const css = readFileSync(resolve(import.meta.dirname, '../../../src/renderer/src/styles/tokens.css'), 'utf8');
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule ${selector} in tokens.css`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

describe('report pages', () => {
  it("use the app's own tokens: every value a report names is the stylesheet's, light and dark", () => {
    const light = stylesheetTokens(":root[data-theme='light']");
    const dark = stylesheetTokens(":root[data-theme='dark']");
    const both = stylesheetTokens(':root');
    for (const [name, value] of Object.entries(REPORT_TOKENS.light)) expect([name, value]).toEqual([name, light[name]]);
    for (const [name, value] of Object.entries(REPORT_TOKENS.dark)) expect([name, value]).toEqual([name, dark[name]]);
    for (const [name, value] of Object.entries(REPORT_TOKENS.both)) expect([name, value]).toEqual([name, both[name]]);
  });

  it('are self-contained: a policy that fetches nothing, no script, the title and the text as text', () => {
    const html = renderReport(
      createElement(ReportPage, {
        title: 'A </title><script>x()</script>',
        css: 'p>b{color:red}',
        images: true,
        children: createElement('p', null, '<b>bold</b> & more'),
      }),
    );
    expect(html.startsWith('<!doctype html>\n')).toBe(true);
    const page = parseHtml(html);
    const policy = byTag(page, 'meta').find((m) => m.attributes['http-equiv'] === 'Content-Security-Policy');
    expect(policy?.attributes.content).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(byTag(page, 'script')).toEqual([]);
    expect(byTag(page, 'title').map(words)).toEqual(['A </title><script>x()</script>']);
    expect(byTag(page, 'b')).toEqual([]);
    expect(byTag(page, 'p').map(words)).toEqual(['<b>bold</b> & more']);
    // The stylesheet is ours and kept as written (a child combinator is not escaped into `&gt;`).
    expect(byTag(page, 'style')[0]!.text).toContain('p>b{color:red}');
  });
});
