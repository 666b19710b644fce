/**
 * Monaco, bundled with the app (never a CDN), with only what the workbench
 * uses: the core editor API, the editor features, JSON, and two custom
 * languages. Workers come from the app's own origin through Vite, so they
 * run under the CSP (`worker-src 'self' blob:`). Loaded only when an editor
 * is wanted (see CodeEditor), never with the first screen.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus';
import 'monaco-editor/editor/contrib/dropOrPasteInto/browser/copyPasteContribution';
import 'monaco-editor/editor/common/standaloneStrings';
import { jsonDefaults } from 'monaco-editor/language/json/monaco.contribution';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { loader } from '@monaco-editor/react';
import { registerFilterLanguage } from './filter-language';
import { onJsonSchemas } from './json-schema';
import { registerMaskLanguage } from './mask-language';
import { defineThemes } from './themes';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

self.MonacoEnvironment = {
  getWorker(_id, label) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

defineThemes(monaco);
registerFilterLanguage(monaco);
registerMaskLanguage(monaco);
loader.config({ monaco });
onJsonSchemas((schemas) =>
  jsonDefaults.setDiagnosticsOptions({ validate: true, allowComments: false, schemas, enableSchemaRequest: false }),
);

export { monaco, jsonDefaults };
export type Monaco = typeof monaco;
