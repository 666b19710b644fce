import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { tokenCss } from './tokens';

export interface ReportPageProps {
  title: string;
  /** The report's own rules, after the app's tokens and the common ones. A constant: no input reaches it. */
  css: string;
  /** Allow `data:` images (thumbnails); nothing else can be fetched either way. */
  images?: boolean;
  /** The widest the content grows, in pixels. */
  width?: number;
  children: ReactNode;
}

/**
 * A self-contained report page: no script, nothing fetched (its CSP says so), light and dark by the reader's
 * setting, in the app's colours and type. Every text in it is a React child or attribute, so escaped by construction.
 */
export function ReportPage({ title, css, images = false, width = 1100, children }: ReportPageProps) {
  const policy = `default-src 'none'; style-src 'unsafe-inline'${images ? '; img-src data:' : ''}`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={policy} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {/* The stylesheet is ours, made of constants: set as is, since React would escape a `>` in a selector. */}
        <style dangerouslySetInnerHTML={{ __html: `${tokenCss()}main{max-width:${width}px;margin:0 auto;padding:24px}\n${css}` }} />
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>
  );
}

/** A page as the text of an `.html` file. */
export function renderReport(page: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(page)}\n`;
}
