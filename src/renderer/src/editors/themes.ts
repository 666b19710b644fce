import type * as Monaco from 'monaco-editor/editor/editor.api';

/** Editor themes matching the app's tokens (see styles/tokens.css). */
export function defineThemes(monaco: typeof Monaco): void {
  monaco.editor.defineTheme('wb-dark', {
    base: 'vs-dark',
    inherit: true,
    rules: [
      { token: 'keyword', foreground: 'c792ea', fontStyle: 'bold' },
      { token: 'attribute', foreground: '82aaff' },
      { token: 'operator', foreground: '89ddff' },
      { token: 'string', foreground: 'c3e88d' },
      { token: 'number', foreground: 'f78c6c' },
      { token: 'constant', foreground: 'ffcb6b' },
      { token: 'date', foreground: 'f07178' },
      { token: 'word', foreground: 'e7e9ee' },
      { token: 'delimiter', foreground: 'a2aab8' },
      { token: 'wildcard', foreground: 'ffcb6b', fontStyle: 'bold' },
    ],
    colors: {
      'editor.background': '#12151b',
      'editor.lineHighlightBackground': '#1c2029',
      'editorGutter.background': '#12151b',
      'editorWidget.background': '#1c2029',
      'editorSuggestWidget.background': '#1c2029',
      'editorHoverWidget.background': '#1c2029',
    },
  });
  monaco.editor.defineTheme('wb-light', {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'keyword', foreground: '7c3aed', fontStyle: 'bold' },
      { token: 'attribute', foreground: '1f43b0' },
      { token: 'operator', foreground: '0e7490' },
      { token: 'string', foreground: '15803d' },
      { token: 'number', foreground: 'b45309' },
      { token: 'constant', foreground: 'a16207' },
      { token: 'date', foreground: 'be123c' },
      { token: 'word', foreground: '1a1f29' },
      { token: 'delimiter', foreground: '4f5868' },
      { token: 'wildcard', foreground: 'a16207', fontStyle: 'bold' },
    ],
    colors: {
      'editor.background': '#f7f8fa',
      'editor.lineHighlightBackground': '#eceff4',
      'editorGutter.background': '#f7f8fa',
    },
  });
}
