import { createRequire } from 'node:module';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { captureIo } from '../../helpers/cli-io';

const DEMO = join(import.meta.dirname, '..', '..', '..', 'examples', 'workspace', 'ab-tests', 'demo-ranking-test.json');
const official = createRequire(import.meta.url)('@attraqt/ab-test') as {
  drawAbTestVariationForUser: (
    userId: string,
    test: { id: string; variations: { id: string; weight: number }[] },
  ) => { bucket: number; variationId: string };
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wb-abtest-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(...args: string[]) {
  const io = captureIo();
  const code = await main(['abtest', ...args], io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

describe('abtest assign', () => {
  it('prints each id’s bucket, variation and configuration as JSON, in the order given, as the storefront’s package draws them', async () => {
    const users = ['7f3c2a', 'anna@example.com', 'Zoë', 'пользователь-42'];
    const r = await run('assign', '--test', DEMO, ...users.flatMap((u) => ['--user', u]), '--format', 'json');
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out) as { userId: string; bucket: number; variationId: string; configurationId: string | null }[];
    expect(out.map((a) => a.userId)).toEqual(users);
    const test = {
      id: 'demo-ranking-nov',
      variations: [
        { id: 'control', weight: 50 },
        { id: 'new-arrivals', weight: 50 },
      ],
    };
    for (const a of out) {
      expect({ bucket: a.bucket, variationId: a.variationId }).toEqual(official.drawAbTestVariationForUser(a.userId, test));
      expect(a.configurationId).toBe(a.variationId === 'new-arrivals' ? 'new-arrivals' : 'default');
    }
  });

  it('says what a test file gets wrong, field by field, and a missing flag: usage errors (exit 2), as the guide says', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(
      bad,
      JSON.stringify({
        id: 'x',
        name: 'x',
        start: '2026-11-31',
        variations: [
          { id: 'a', weight: 60 },
          { id: 'b', weight: 30 },
        ],
      }),
    );
    const r = await run('assign', '--test', bad, '--user', 'u');
    expect(r.code).toBe(2);
    expect(r.err).toContain('start: 2026-11-31 is not a day: November 2026 has 30 days');
    expect(r.err).toContain('variations: the weights add up to 90, not 100');
    const noUser = await run('assign', '--test', DEMO);
    expect(noUser.code).toBe(2);
    // An empty id is no shopper: refused as the app's lookup refuses it, not bucketed (it used to get bucket 40).
    const empty = await run('assign', '--test', DEMO, '--user', 'u1', '--user', '');
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('--user: a user or session id, not empty');
    expect(empty.out).toBe('');
    expect(noUser.err).toContain('abtest assign needs --user ID');
    expect((await run('assign', '--user', 'u')).code).toBe(2);
    expect((await run('nope')).code).toBe(2);
  });
});
