import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonDocument } from '../../../../src/main/services/storage/json-document';

const schema = z.object({ name: z.string(), count: z.number().int().default(0) });

async function doc() {
  const dir = await mkdtemp(join(tmpdir(), 'wb-doc-'));
  const file = join(dir, 'things.json');
  return { dir, file, doc: new JsonDocument({ file, schema, version: 2, defaults: () => ({ name: 'default', count: 0 }) }) };
}

describe('JsonDocument', () => {
  it('starts from defaults when the file is missing, and round-trips with a format version', async () => {
    const { file, doc: d } = await doc();
    expect((await d.load()).value).toEqual({ name: 'default', count: 0 });
    await d.save({ name: 'x', count: 3 });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ formatVersion: 2, name: 'x', count: 3 });
    expect((await d.load()).value).toEqual({ name: 'x', count: 3 });
  });

  it.each([
    ['not JSON', '{ broken', /not valid JSON/],
    ['the wrong shape', '{"formatVersion":2,"name":5}', /does not match the expected shape \(name:/],
    ['a newer format', '{"formatVersion":9,"name":"future"}', /newer version of the app \(format 9/],
  ])('keeps a file with %s aside with a notice, never overwriting it', async (_label, content, message) => {
    const { dir, file, doc: d } = await doc();
    await writeFile(file, content);
    const outcome = await d.load();
    expect(outcome.value).toEqual({ name: 'default', count: 0 });
    expect(outcome.notice?.message).toMatch(message);
    const files = await readdir(dir);
    const aside = files.find((f) => f.startsWith('things.unreadable-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside!), 'utf8')).toBe(content);
    expect(outcome.notice?.message).toContain(aside!);
  });

  it('lands concurrent saves in call order', async () => {
    const { doc: d } = await doc();
    await Promise.all(Array.from({ length: 20 }, (_, i) => d.save({ name: `n${i}`, count: i })));
    expect((await d.load()).value).toEqual({ name: 'n19', count: 19 });
  });
});
