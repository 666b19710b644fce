import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { demoSuiteFiles } from '../../src/main/services/demo/demo-suite';

/** Writes examples/suites/demo/ from the demo suite the app ships (`npx tsx test/helpers/write-demo-suite.ts`). */
const root = join(import.meta.dirname, '../../examples/suites/demo');
async function main(): Promise<void> {
  for (const { path, text } of demoSuiteFiles()) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

void main();
