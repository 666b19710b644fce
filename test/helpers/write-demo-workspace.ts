import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { startEmulator } from '../../src/main/emulator';
import { buildDemoWorkspace, DEMO_FILES, writeDemoWorkspace } from '../../src/main/services/demo/demo-workspace';
import { demoSuiteFiles } from '../../src/main/services/demo/demo-suite';
import { Workspace } from '../../src/main/services/workspace/workspace';

/**
 * Writes examples/workspace/ — the Local demo's workspace as a new install gets it, from the default catalog (20,000
 * items, seed 42): the demo query set, judgments and experiment, and the regression suite
 * (`npx tsx test/helpers/write-demo-workspace.ts`). A test keeps it equal to what the app writes.
 */
const root = join(import.meta.dirname, '../../examples/workspace');
async function main(): Promise<void> {
  for (const [kind, file] of [
    ['query-sets', DEMO_FILES.querySet],
    ['judgments', DEMO_FILES.judgments],
    ['experiments', DEMO_FILES.experiment],
  ] as const)
    await rm(join(root, kind, file), { force: true });
  const emulator = await startEmulator({ items: 20_000 });
  try {
    await writeDemoWorkspace(new Workspace(root), await buildDemoWorkspace(emulator.emulator));
  } finally {
    await emulator.stop();
  }
  // The suite's files as the repository has always kept them (pretty JSON, one per file).
  for (const { path, text } of demoSuiteFiles()) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

void main();
