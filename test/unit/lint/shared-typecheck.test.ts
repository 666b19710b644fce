import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * src/shared runs in Node and in the browser, so it is typechecked with the
 * ECMAScript library only (tsconfig.shared.json): a DOM global such as
 * `document` or a Node one such as `process` is a type error there, even
 * though the node and web programs (which have those libraries) also see it.
 */
const root = resolve(import.meta.dirname, '../../..');
const configFile = resolve(root, 'tsconfig.shared.json');

const PROBES = {
  document: 'export const title = document.title;\n',
  node: 'export const env = process.env;\nexport const b = Buffer.from("x");\n',
  both: "export const u = new URL('https://x/y?a=1').searchParams.get('a');\nexport const c = structuredClone({ a: 1 });\n",
};

/**
 * One small program with src/shared's own options (its library, its types, its declared globals) and the probes as
 * files in src/shared — what a file there sees, without typechecking the whole folder again (`npm run typecheck`
 * does that once). Each probe's diagnostics, by name.
 */
function typecheckProbes(): Record<keyof typeof PROBES, string[]> {
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configFile));
  const probeFile = (name: string) => resolve(root, `src/shared/__typecheck-probe-${name}__.ts`);
  const sources = new Map(Object.entries(PROBES).map(([name, text]) => [probeFile(name), text]));
  const globals = parsed.fileNames.filter((f) => f.endsWith('.d.ts'));
  const host = ts.createCompilerHost(parsed.options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.readFile = (file) => sources.get(resolve(file)) ?? read(file);
  host.fileExists = (file) => sources.has(resolve(file)) || exists(file);
  const program = ts.createProgram({
    rootNames: [...globals, ...sources.keys()],
    options: { ...parsed.options, noEmit: true, composite: false, emitDeclarationOnly: false },
    host,
  });
  const messagesOf = (name: string) =>
    ts
      .getPreEmitDiagnostics(program, program.getSourceFile(probeFile(name)))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  return { document: messagesOf('document'), node: messagesOf('node'), both: messagesOf('both') };
}

let probes: ReturnType<typeof typecheckProbes>;
beforeAll(() => {
  probes = typecheckProbes();
}, 60_000);

describe('src/shared typechecks without DOM or Node', () => {
  it('refuses `document`', () => {
    expect(probes.document.join('\n')).toMatch(/Cannot find name 'document'/);
  });

  it('refuses `process` and `Buffer`', () => {
    const messages = probes.node.join('\n');
    expect(messages).toMatch(/Cannot find name 'process'/);
    expect(messages).toMatch(/Cannot find name 'Buffer'/);
  });

  it('accepts what both hosts have: the ES library, URL, URLSearchParams, structuredClone', () => {
    expect(probes.both).toEqual([]);
  });
});
