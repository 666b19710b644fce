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
    ['src/shared/x.ts', "import { useState } from 'react';"],
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
    ['src/shared/x.ts', "import * as monaco from 'monaco-editor';"],
    ['src/shared/x.ts', "import { request } from 'undici';"],
    ['src/shared/x.ts', "import type { Page } from '@playwright/test';"],
    ['src/shared/x.ts', "export { faker } from '@faker-js/faker';"],
    ['src/renderer/src/x.ts', "import { createCore } from '@shared/../main/core';"],
    ['src/preload/index.ts', "import { settingsSchema } from '@shared/settings';"],
  ])('%s: rejects %s', async (file, code) => {
    const messages = await layeringMessages(file, `${code}\nexport const used = 1;\n`);
    expect(messages.length, `expected a layering error for ${code} in ${file}`).toBeGreaterThan(0);
  });

  it.each([
    ['src/shared/x.ts', "import { z } from 'zod';"],
    ['src/shared/x.ts', "import { contract } from './ipc/contract';"],
    ['src/renderer/src/x.ts', "import { contract } from '../../shared/ipc/contract';"],
    ['src/renderer/src/x.ts', "import { create } from 'zustand';"],
    ['src/main/core.ts', "import { readFile } from 'node:fs/promises';"],
    ['src/main/electron/ipc.ts', "import { ipcMain } from 'electron';"],
    ['src/preload/index.ts', "import { buildApi } from '../shared/ipc/api';"],
    ['src/cli/x.ts', "import { createCore } from '../main/core';"],
    ['src/shared/x.ts', "import type { z } from 'zod';"],
    ['src/renderer/src/x.ts', "import { normalize } from '@shared/request/normalize';"],
  ])('%s: accepts %s', async (file, code) => {
    expect(await layeringMessages(file, `${code}\nexport const used = 1;\n`)).toEqual([]);
  });
});
