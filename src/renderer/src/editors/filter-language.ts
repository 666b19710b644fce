import type * as Monaco from 'monaco-editor/editor/editor.api';
import { completeFilter, OPERATORS, parseFilter, printFilter, printValue } from '@shared/filter';
import { keepMarkers, languageContext } from './language-context';

export const FILTER_LANGUAGE = 'wb-filter';

const OPERATOR_HELP: Record<string, string> = {
  '=': 'equals (any element, for lists)',
  '!=': 'does not equal (no element, for lists)',
  '<': 'less than',
  '<=': 'at most',
  '>': 'greater than',
  '>=': 'at least',
};

/** The filter language in Monaco: colours, markers from the shared parser, completions, hover, formatting. */
export function registerFilterLanguage(monaco: typeof Monaco): void {
  monaco.languages.register({ id: FILTER_LANGUAGE });
  monaco.languages.setLanguageConfiguration(FILTER_LANGUAGE, {
    brackets: [['(', ')']],
    autoClosingPairs: [
      { open: '(', close: ')' },
      { open: "'", close: "'", notIn: ['string'] },
      { open: '"', close: '"', notIn: ['string'] },
    ],
    wordPattern: /[^\s()=!<>'"]+/,
  });
  monaco.languages.setMonarchTokensProvider(FILTER_LANGUAGE, {
    ignoreCase: true,
    tokenizer: {
      root: [
        [/\s+/, 'white'],
        [/\b(AND|OR)\b/i, 'keyword'],
        [/!=|<=|>=|=|<|>/, 'operator'],
        [/[()]/, 'delimiter'],
        [/'([^'\\]|\\.)*'?/, 'string'],
        [/"([^"\\]|\\.)*"?/, 'string'],
        [/\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?(?=[\s()]|$)/, 'date'],
        [/-?\d+(\.\d+)?([eE][+-]?\d+)?(?=[\s()]|$)/, 'number'],
        [/\b(true|false)\b/i, 'constant'],
        [/[^\s()=!<>'"]+(?=\s*(!=|<=|>=|=|<|>))/, 'attribute'],
        [/[^\s()=!<>'"]+/, 'word'],
      ],
    },
  });

  keepMarkers(monaco, FILTER_LANGUAGE, (text) => parseFilter(text).diagnostics);

  monaco.languages.registerCompletionItemProvider(FILTER_LANGUAGE, {
    triggerCharacters: [' ', '(', "'", '"', '=', '<', '>', '!'],
    provideCompletionItems(model, position) {
      const text = model.getValue();
      const offset = model.getOffsetAt(position);
      const ctx = completeFilter(text, offset);
      const start = model.getPositionAt(ctx.range.start);
      const end = model.getPositionAt(Math.max(ctx.range.end, offset));
      const range = new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
      const attributes = languageContext(model).attributes();
      const K = monaco.languages.CompletionItemKind;
      const suggestions: Monaco.languages.CompletionItem[] = [];
      for (const expected of ctx.expected) {
        if (expected === 'attribute') {
          for (const a of attributes) {
            suggestions.push({
              label: a.name,
              kind: K.Field,
              detail: a.type ?? 'attribute',
              insertText: `${a.name} `,
              range,
              sortText: `0${a.name}`,
              command: { id: 'editor.action.triggerSuggest', title: 'operators' },
            });
          }
        } else if (expected === 'open-paren') {
          suggestions.push({ label: '(', kind: K.Operator, detail: 'group rules', insertText: '(', range, sortText: '9(' });
        } else if (expected === 'operator') {
          OPERATORS.forEach((op, i) =>
            suggestions.push({
              label: op,
              kind: K.Operator,
              detail: OPERATOR_HELP[op],
              insertText: `${op} `,
              range,
              sortText: `${i}`,
              command: { id: 'editor.action.triggerSuggest', title: 'values' },
            }),
          );
        } else if (expected === 'value') {
          const attribute = attributes.find((a) => a.name === ctx.attribute);
          for (const value of attribute?.facetValues ?? []) {
            const kind = attribute?.type === 'number' && /^-?\d+(\.\d+)?$/.test(value) ? 'number' : 'word';
            const text = printValue({ kind, value: kind === 'number' ? Number(value) : value, range: { start: 0, end: 0 } });
            suggestions.push({
              label: text,
              kind: K.Value,
              detail: `${ctx.attribute} value`,
              insertText: `${text} `,
              range,
              filterText: value,
              sortText: value.toLowerCase(),
            });
          }
          if (attribute?.type === 'boolean')
            for (const b of ['true', 'false']) suggestions.push({ label: b, kind: K.Constant, insertText: `${b} `, range });
        } else if (expected === 'logical') {
          for (const kw of ['AND', 'OR'])
            suggestions.push({
              label: kw,
              kind: K.Keyword,
              detail: kw === 'AND' ? 'both must hold (binds tighter)' : 'either may hold',
              insertText: `${kw} `,
              range,
              command: { id: 'editor.action.triggerSuggest', title: 'attributes' },
            });
        } else if (expected === 'close-paren') {
          suggestions.push({ label: ')', kind: K.Operator, detail: 'close the group', insertText: ') ', range });
        }
      }
      return { suggestions };
    },
  });

  monaco.languages.registerHoverProvider(FILTER_LANGUAGE, {
    provideHover(model, position) {
      const word = model.getWordAtPosition(position);
      if (!word) return null;
      const attribute = languageContext(model)
        .attributes()
        .find((a) => a.name === word.word);
      if (!attribute) return null;
      const values = attribute.facetValues?.slice(0, 12) ?? [];
      const lines = [
        `**${attribute.name}** — ${attribute.type ?? 'attribute'}${attribute.facetable ? ' · facetable' : ''}${attribute.sortable ? ' · sortable' : ''}`,
        values.length > 0
          ? `Values: ${values.map((v) => `\`${v}\``).join(', ')}${(attribute.facetValues?.length ?? 0) > values.length ? ', …' : ''}`
          : '',
      ].filter(Boolean);
      return {
        range: new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn),
        contents: lines.map((value) => ({ value })),
      };
    },
  });

  monaco.languages.registerDocumentFormattingEditProvider(FILTER_LANGUAGE, {
    provideDocumentFormattingEdits(model) {
      const parsed = parseFilter(model.getValue());
      if (!parsed.ast) return [];
      return [{ range: model.getFullModelRange(), text: printFilter(parsed.ast) }];
    },
  });
}
