import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomically } from '../../../../src/main/services/storage/atomic';

describe('writeFileAtomically', () => {
  it('writes many pieces (more than one writev can take) in order, leaving no temp file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-atomic-'));
    const pieces = Array.from({ length: 2500 }, (_, i) => Buffer.from(`${i},`));
    await writeFileAtomically(join(dir, 'out.txt'), pieces, { durable: false });
    expect(await readFile(join(dir, 'out.txt'), 'utf8')).toBe(pieces.map((p) => p.toString()).join(''));
    expect(await readdir(dir)).toEqual(['out.txt']);
  });

  it('replaces a file whole, durable or not', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-atomic-'));
    const file = join(dir, 'a.json');
    await writeFileAtomically(file, '{"v":1}');
    await writeFileAtomically(file, [Buffer.from('{"v":'), Buffer.from('2}')]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ v: 2 });
    await writeFileAtomically(file, '{"v":3}', { durable: false });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ v: 3 });
    expect((await readdir(dir)).sort()).toEqual(['a.json']);
  });
});
