import type * as Monaco from 'monaco-editor/editor/editor.api';
import { completeMask, parseMask, printMask } from '@shared/mask';
import { keepMarkers, languageContext } from './language-context';

export const MASK_LANGUAGE = 'wb-mask';

/** The response-mask language in Monaco: colours, markers, field-path completions from the last response, formatting. */
export function registerMaskLanguage(monaco: typeof Monaco): void {
  monaco.languages.register({ id: MASK_LANGUAGE });
  monaco.languages.setLanguageConfiguration(MASK_LANGUAGE, {
    brackets: [['(', ')']],
    autoClosingPairs: [{ open: '(', close: ')' }],
    wordPattern: /[A-Za-z0-9_$@-]+/,
  });
  monaco.languages.setMonarchTokensProvider(MASK_LANGUAGE, {
    tokenizer: {
      root: [
        [/\s+/, 'white'],
        [/\*/, 'wildcard'],
        [/[A-Za-z0-9_$@-]+(?=\s*\()/, 'keyword'],
        [/[A-Za-z0-9_$@-]+/, 'attribute'],
        [/[.,()]/, 'delimiter'],
      ],
    },
  });
  keepMarkers(monaco, MASK_LANGUAGE, (text) => parseMask(text).diagnostics);

  monaco.languages.registerCompletionItemProvider(MASK_LANGUAGE, {
    triggerCharacters: ['.', '(', ',', ' '],
    provideCompletionItems(model, position) {
      const offset = model.getOffsetAt(position);
      const ctx = completeMask(model.getValue(), offset, languageContext(model).samples());
      const start = model.getPositionAt(ctx.range.start);
      const end = model.getPositionAt(ctx.range.end);
      const range = new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
      const where = ctx.parentPath.length > 0 ? ctx.parentPath.join('.') : 'item';
      const suggestions: Monaco.languages.CompletionItem[] = ctx.candidates.map((name) => ({
        label: name,
        kind: monaco.languages.CompletionItemKind.Field,
        detail: `field of ${where}`,
        insertText: name,
        range,
      }));
      suggestions.push({
        label: '*',
        kind: monaco.languages.CompletionItemKind.Operator,
        detail: 'every entry of this field',
        insertText: '*',
        range,
        sortText: 'zz',
      });
      return { suggestions };
    },
  });
  monaco.languages.registerDocumentFormattingEditProvider(MASK_LANGUAGE, {
    provideDocumentFormattingEdits(model) {
      const parsed = parseMask(model.getValue());
      return parsed.selections ? [{ range: model.getFullModelRange(), text: printMask(parsed.selections) }] : [];
    },
  });
}
