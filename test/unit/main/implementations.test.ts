import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { channelNames } from '../../../src/shared/ipc/contract';

/**
 * A capability's implementation (`src/main/services/<cap>/operations.ts`) is glue: every handler is an arrow function
 * whose body is one call of a service method (`s.x.y(...)`), with no block body. Logic lives in the services, where it
 * can be tested without the router.
 */
const dir = resolve(import.meta.dirname, '../../../src/main/services');
const files = readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'operations.ts')))
  .map((e) => `${e.name}/operations.ts`);

const handlersOf = (file: string) => handlersIn(file, readFileSync(join(dir, file), 'utf8'));

function handlersIn(file: string, text: string): { channel: string; problem: string | null }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: { channel: string; problem: string | null }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name) && node.name.text.includes(':')) {
      const value = node.initializer;
      let problem: string | null = null;
      if (!ts.isArrowFunction(value)) problem = 'is not an arrow function';
      else if (ts.isBlock(value.body)) problem = 'has a block body';
      else {
        const body = ts.isAwaitExpression(value.body) ? value.body.expression : value.body;
        if (!ts.isCallExpression(body)) problem = `is not a single call: ${value.body.getText(source)}`;
        else if (!/^s\.[A-Za-z]+\.[A-Za-z]+$/.test(body.expression.getText(source)))
          problem = `calls ${body.expression.getText(source)}, not a service method s.<service>.<method>`;
      }
      found.push({ channel: node.name.text, problem });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the services’ implementations of their operations', () => {
  const all = files.flatMap((f) => handlersOf(f).map((h) => ({ ...h, file: f })));

  it('has one handler per channel of the contract, and no other', () => {
    expect(all.map((h) => h.channel).sort()).toEqual([...channelNames].sort());
  });

  it.each(files)('%s: every handler is one call of a service method', (file) => {
    const problems = handlersOf(file).filter((h) => h.problem !== null);
    expect(problems, problems.map((p) => `${p.channel} ${p.problem}`).join('\n')).toEqual([]);
  });

  it('the check itself catches a handler with logic in it', () => {
    const found = handlersIn(
      'x.ts',
      "const h = { 'a:b': async (x) => { return 1; }, 'a:c': () => ({ ok: 1 }), 'a:d': (x) => helper(x), 'a:e': (x, ctx) => s.svc.run(x, ctx.signal) };",
    );
    expect(found.map((h) => h.problem?.split(':')[0] ?? null)).toEqual([
      'has a block body',
      'is not a single call',
      'calls helper, not a service method s.<service>.<method>',
      null,
    ]);
  });
});
