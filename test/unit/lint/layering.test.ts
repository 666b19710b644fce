import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function layeringMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'workbench/layering').map((m) => m.message);
}

describe('import-boundary lint rule', () => {
  it.each([
    ['src/shared/x.ts', "import { readFile } from 'node:fs';"],
    ['src/shared/x.ts', "import path from 'path';"],
    ['src/shared/x.ts', "import { ipcMain } from 'electron';"],
    // React renders reports to a string in src/shared; nothing there may draw on a page.
    ['src/shared/x.ts', "import { createRoot } from 'react-dom/client';"],
    ['src/shared/x.ts', "import { flushSync } from 'react-dom';"],
    ['src/shared/x.ts', "import { router } from '../main/router';"],
    ['src/shared/x.ts', "import { App } from '../renderer/src/App';"],
    ['src/renderer/src/x.ts', "import { ipcRenderer } from 'electron';"],
    ['src/renderer/src/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['src/renderer/src/x.ts', "import { createCore } from '../../main/core';"],
    ['src/renderer/src/x.ts', "export { api } from '../../preload/index';"],
    ['src/main/core.ts', "import { App } from '../renderer/src/App';"],
    ['src/main/services/x.ts', "import { app } from 'electron';"],
    ['src/main/emulator/x.ts', "import { app } from 'electron';"],
    ['src/preload/index.ts', "import { readFile } from 'node:fs';"],
    ['src/preload/index.ts', "import { settingsSchema } from '../shared/settings';"],
    ['src/cli/x.ts', "import { app } from 'electron';"],
    // src/shared is an allow list: anything not named in SHARED_PACKAGES is refused.
    ['src/shared/x.ts', "import { SignJWT } from 'jose';"],
    // HTML reports are the report layer's: the pure core imports no React; the report layer no Node and no DOM.
    ['src/shared/x.ts', "import { renderToStaticMarkup } from 'react-dom/server';"],
    ['src/shared/x.ts', "import type { ReactElement } from 'react';"],
    ['src/report/x.tsx', "import { readFile } from 'node:fs';"],
    ['src/report/x.tsx', "import { createRoot } from 'react-dom/client';"],
    ['src/report/x.tsx', "import { workbench } from '../renderer/src/bridge';"],
    ['src/shared/x.ts', "import { batchHtml } from '../report';"],
    ['src/shared/x.ts', "import * as monaco from 'monaco-editor';"],
    ['src/shared/x.ts', "import { request } from 'undici';"],
    ['src/shared/x.ts', "import type { Page } from '@playwright/test';"],
    ['src/shared/x.ts', "export { faker } from '@faker-js/faker';"],
    ['src/renderer/src/x.ts', "import { createCore } from '@shared/../main/core';"],
    ['src/preload/index.ts', "import { settingsSchema } from '@shared/settings';"],
    // Capabilities meet only through their front doors.
    ['src/shared/compare/x.ts', "import { normalize } from '../request/normalize';"],
    ['src/shared/compare/x.ts', "import type { Judgment } from '../judgments/types';"],
    ['src/shared/compare/x.ts', "export { normalize } from '../request/normalize';"],
    ['src/shared/x.ts', "export * from './request/normalize';"],
    ['src/main/services/compare/x.ts', "import { SearchClient } from '../search/search-client';"],
    ['src/main/x.ts', "import { CompareService } from './services/compare/service';"],
    ['src/main/x.ts', "import { compareImplementation } from './services/compare/operations';"],
    ['src/cli/x.ts', "import { normalize } from '../shared/request/normalize';"],
    ['src/renderer/src/x.ts', "import { normalize } from '@shared/request/normalize';"],
    ['src/renderer/src/features/compare/x.ts', "import { RatingBadge } from '../judgments/RatingBadge';"],
    ['src/renderer/src/shell/x.ts', "import { SearchScreen } from '../features/search/SearchScreen';"],
    ['src/renderer/src/shell/x.ts', "const m = import('../features/search/search-slice');"],
  ])('%s: rejects %s', async (file, code) => {
    const messages = await layeringMessages(file, `${code}\nexport const used = 1;\n`);
    expect(messages.length, `expected a layering error for ${code} in ${file}`).toBeGreaterThan(0);
  });

  it.each([
    ['src/shared/x.ts', "import { z } from 'zod';"],
    ['src/shared/x.ts', "import { contract } from './ipc';"],
    ['src/renderer/src/x.ts', "import { contract } from '../../shared/ipc';"],
    ['src/renderer/src/x.ts', "import { create } from 'zustand';"],
    ['src/main/core.ts', "import { readFile } from 'node:fs/promises';"],
    ['src/main/electron/ipc.ts', "import { ipcMain } from 'electron';"],
    ['src/preload/index.ts', "import { buildApi } from '../shared/ipc';"],
    ['src/cli/x.ts', "import { createCore } from '../main/core';"],
    ['src/shared/x.ts', "import type { z } from 'zod';"],
    ['src/report/x.tsx', "import { renderToStaticMarkup } from 'react-dom/server';"],
    ['src/report/x.tsx', "import { batchQuality } from '../shared/compare';"],
    ['src/cli/x.ts', "import { batchHtml } from '../report';"],
    ['src/renderer/src/x.ts', "import { matrixHtml } from '@report';"],
    ['src/renderer/src/x.ts', "import { normalize } from '@shared/request';"],
    // Front doors: a capability's index, a feature's state door, a service's operations door from the core, a lazily loaded screen, a module run for its effect.
    ['src/shared/compare/x.ts', "import { normalize } from '../request/index';"],
    ['src/shared/compare/x.ts', "import { summarize } from './summary';"],
    ['src/main/services/compare/x.ts', "import { SearchClient } from '../search';"],
    ['src/main/x.ts', "import { CompareService } from './services/compare';"],
    ['src/main/core.ts', "import { compareImplementation } from './services/compare/operations';"],
    ['src/renderer/src/store/x.ts', "import { createSearchSlice } from '../features/search/state';"],
    ['src/renderer/src/shell/x.ts', "const Screen = lazy(() => import('../features/search/SearchScreen'));"],
    ['src/renderer/src/main.tsx', "import '@shared/zod/jitless';"],
  ])('%s: accepts %s', async (file, code) => {
    expect(await layeringMessages(file, `${code}\nexport const used = 1;\n`)).toEqual([]);
  });
});

describe('the command line calls services, not stores', () => {
  const restricted = async (code: string) => {
    const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, { filePath: resolve(root, 'src/cli/commands/x.ts') });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length;
  };

  it.each([
    "import { TrafficStore } from '../../main/services/traffic';",
    "import type { TrafficStore } from '../../main/services/traffic';",
    "import { importFile } from '../../main/services/traffic';",
    "import { fitOnStore } from '../../main/services/click-models';",
    "import { estimateOnStore } from '../../main/services/estimates';",
    "import { readTestOnStore } from '../../main/services/abtest';",
  ])('refuses %s', async (code) => {
    expect(await restricted(code)).toBe(1);
  });

  it.each([
    "import { TrafficService } from '../../main/services/traffic';",
    "import { ClickModelsService } from '../../main/services/click-models';",
    "import { TrafficEstimates } from '../../main/services/estimates';",
  ])('accepts %s', async (code) => {
    expect(await restricted(code)).toBe(0);
  });
});
