import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * src/shared runs in Node and in the browser, so it is typechecked with the
 * ECMAScript library only (tsconfig.shared.json): a DOM global such as
 * `document` or a Node one such as `process` is a type error there, even
 * though the node and web programs (which have those libraries) also see it.
 */
const root = resolve(import.meta.dirname, '../../..');
const configFile = resolve(root, 'tsconfig.shared.json');

function typecheckShared(probe: string): string[] {
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configFile));
  const probeFile = resolve(root, 'src/shared/__typecheck-probe__.ts');
  const host = ts.createCompilerHost(parsed.options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.readFile = (file) => (resolve(file) === probeFile ? probe : read(file));
  host.fileExists = (file) => resolve(file) === probeFile || exists(file);
  const program = ts.createProgram({ rootNames: [...parsed.fileNames, probeFile], options: { ...parsed.options, noEmit: true }, host });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && resolve(d.file.fileName) === probeFile)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('src/shared typechecks without DOM or Node', () => {
  it('refuses `document`', () => {
    expect(typecheckShared('export const title = document.title;\n').join('\n')).toMatch(/Cannot find name 'document'/);
  }, 60_000);

  it('refuses `process` and `Buffer`', () => {
    const messages = typecheckShared('export const env = process.env;\nexport const b = Buffer.from("x");\n').join('\n');
    expect(messages).toMatch(/Cannot find name 'process'/);
    expect(messages).toMatch(/Cannot find name 'Buffer'/);
  }, 60_000);

  it('accepts what both hosts have: the ES library, URL, URLSearchParams, structuredClone', () => {
    expect(
      typecheckShared("export const u = new URL('https://x/y?a=1').searchParams.get('a');\nexport const c = structuredClone({ a: 1 });\n"),
    ).toEqual([]);
  }, 60_000);
});
