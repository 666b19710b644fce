import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { abTestSchema, assign, bucketOf, murmur3LowBytes, variationOfBucket } from '../../../../src/shared/abtest';
import { mulberry32 } from '../../../../src/shared/random';

// The storefront's own package (a dev dependency, for this test only): what our bucketing must equal.
const official = createRequire(import.meta.url)('@attraqt/ab-test') as {
  drawAbTestVariationForUser: (
    userId: string,
    test: { id: string; variations: { id: string; weight: number }[] },
  ) => { bucket: number; variationId: string };
};

/** Ids as storefronts make them: UUIDs, numbers, e-mails, and names in other scripts (code units above 0xff, and surrogate pairs). */
function ids(count: number, seed: number): string[] {
  const random = mulberry32(seed);
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  const alphabet = ['a', 'Z', '0', '-', '_', '@', '.', 'é', 'ß', 'ø', 'Ж', 'ı', '中', '文', 'ア', '😀', 'ñ', ' ', '#', '%'];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 4;
    if (kind === 0) out.push(`${hex(8)}-${hex(4)}-4${hex(3)}-${hex(4)}-${hex(12)}`);
    else if (kind === 1) out.push(String(Math.floor(random() * 1e12)));
    else if (kind === 2) out.push(`user${i}@example.com`);
    else out.push(Array.from({ length: 1 + Math.floor(random() * 24) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
  }
  return out;
}

const test3 = abTestSchema.parse({
  id: 'search-ranking-nov',
  name: 'Ranking, November',
  start: '2026-11-02',
  variations: [
    { id: 'control', weight: 50 },
    { id: 'new-arrivals', weight: 30, configurationId: 'new-arrivals' },
    { id: 'bestsellers', weight: 20, configurationId: 'bestsellers', variables: { segment: 'premium' } },
  ],
});

describe('bucketing as the storefront’s @attraqt/ab-test draws it', () => {
  it('equals the package on 100,000 ids, non-ASCII ones among them, for two tests', () => {
    const all = ids(100_000, 46);
    expect(all.some((id) => [...id].some((ch) => ch.charCodeAt(0) > 0xff))).toBe(true);
    const tests = [
      test3,
      {
        ...test3,
        id: 'Тест ünïcode 中',
        variations: [
          { id: 'a', weight: 1 },
          { id: 'b', weight: 99 },
        ],
      },
    ];
    let differ = 0;
    for (const t of tests)
      for (const id of all) {
        const theirs = official.drawAbTestVariationForUser(id, t);
        const ours = assign(t, id);
        if (theirs.bucket !== ours.bucket || theirs.variationId !== ours.variationId) differ++;
      }
    expect(differ).toBe(0);
  });

  it('hashes the low byte of each UTF-16 code unit, not UTF-8: "é" hashes as "\\u00e9" and as "\\u01e9"', () => {
    expect(murmur3LowBytes('é')).toBe(murmur3LowBytes('\u01e9'));
    // MurmurHash3 x86 32 of "hello" with seed 0 is 0x248bfa47 (the reference vectors).
    expect(murmur3LowBytes('hello')).toBe(0x248bfa47);
    expect(murmur3LowBytes('')).toBe(0);
    expect(murmur3LowBytes('', 1)).toBe(0x514e28b7);
  });

  it('a bucket falls in the first variation whose running sum of weights reaches it; buckets run 1 to 100', () => {
    expect([1, 50, 51, 80, 81, 100].map((b) => variationOfBucket(test3, b).id)).toEqual([
      'control',
      'control',
      'new-arrivals',
      'new-arrivals',
      'bestsellers',
      'bestsellers',
    ]);
    const buckets = ids(2000, 7).map((id) => bucketOf(id, test3.id));
    expect(Math.min(...buckets)).toBe(1);
    expect(Math.max(...buckets)).toBe(100);
    const user = assign(test3, 'user2@example.com');
    expect(user).toMatchObject({ userId: 'user2@example.com', bucket: bucketOf('user2@example.com', test3.id) });
    if (user.variationId === 'bestsellers')
      expect(user).toMatchObject({ configurationId: 'bestsellers', variables: { segment: 'premium' } });
  });
});

describe('a test file, checked', () => {
  const base = {
    id: 't',
    name: 'T',
    start: '2026-11-02',
    variations: [
      { id: 'a', weight: 50 },
      { id: 'b', weight: 50 },
    ],
  };
  const problems = (input: unknown) => {
    const r = abTestSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes a date or a date-time, an optional format and version', () => {
    expect(problems(base)).toEqual([]);
    expect(problems({ ...base, format: 'search-workbench-ab-test', version: 1, start: '2026-11-02T09:00:00Z', end: '2026-11-16' })).toEqual(
      [],
    );
  });

  it('refuses weights that do not add up to 100, a repeated id, an end before the start, a date that is not one', () => {
    expect(
      problems({
        ...base,
        variations: [
          { id: 'a', weight: 50 },
          { id: 'b', weight: 40 },
        ],
      }),
    ).toEqual(['variations: the weights add up to 90, not 100: make them percentages of the users']);
    expect(
      problems({
        ...base,
        variations: [
          { id: 'a', weight: 50 },
          { id: 'a', weight: 50 },
        ],
      }),
    ).toEqual(['variations.1.id: "a" is there twice: variation ids are unique']);
    expect(problems({ ...base, end: '2026-11-01' })).toEqual(['end: the end (2026-11-01) is before the start (2026-11-02)']);
    expect(problems({ ...base, start: '2026-02-30' })[0]).toContain('start:');
    expect(problems({ ...base, start: 'yesterday' })[0]).toContain('an ISO date like 2026-11-02');
    expect(problems({ ...base, variations: [{ id: 'a', weight: 100 }] })[0]).toContain('at least two variations');
  });
});
