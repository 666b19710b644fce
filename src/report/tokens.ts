/**
 * The app's own design tokens (src/renderer/src/styles/tokens.css), the ones a report uses: a report opened from
 * disk looks like the screen it came from, light or dark by the reader's setting. A test holds each value equal to
 * the stylesheet's.
 */
export const REPORT_TOKENS = {
  light: {
    bg: '#f4f5f8',
    surface: '#ffffff',
    border: '#dfe3ea',
    text: '#1a1f29',
    muted: '#4f5868',
    success: '#17804a',
    danger: '#c22b2b',
    info: '#0b6aa8',
    'info-bg': 'rgba(11, 106, 168, 0.08)',
    'warning-bg': 'rgba(196, 140, 20, 0.12)',
    'danger-bg': 'rgba(194, 43, 43, 0.08)',
    'side-a': '#2952cc',
    'side-b': '#a4480a',
  },
  dark: {
    bg: '#0f1115',
    surface: '#161920',
    border: '#2b3140',
    text: '#e7e9ee',
    muted: '#a2aab8',
    success: '#4fd18b',
    danger: '#ff7b7b',
    info: '#6cc4ff',
    'info-bg': 'rgba(108, 196, 255, 0.12)',
    'warning-bg': 'rgba(242, 193, 78, 0.12)',
    'danger-bg': 'rgba(255, 123, 123, 0.12)',
    'side-a': '#7aa2ff',
    'side-b': '#f2a25c',
  },
  both: {
    'font-ui': "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    'radius-lg': '10px',
  },
} as const;

const declarations = (tokens: Readonly<Record<string, string>>) =>
  Object.entries(tokens)
    .map(([name, value]) => `--${name}:${value}`)
    .join(';');

/** The tokens as custom properties: light, dark where the reader prefers it, and what both share. */
export function tokenCss(): string {
  return `:root{color-scheme:light dark;${declarations(REPORT_TOKENS.both)};${declarations(REPORT_TOKENS.light)}}
@media (prefers-color-scheme:dark){:root{${declarations(REPORT_TOKENS.dark)}}}
body{margin:0;font:14px/1.45 var(--font-ui);background:var(--bg);color:var(--text)}
h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 10px}.muted{color:var(--muted)}
th,td{text-align:left;padding:6px 10px;vertical-align:top}td.n,th.n,.n{font-variant-numeric:tabular-nums}
`;
}
