import { describe, expect, it } from 'vitest';
import { draftToTest, fieldWords, parseVariables, reshuffleWarning } from '../../../../../src/renderer/src/features/abtest/AbTestEditor';
import { notStarted } from '../../../../../src/shared/abtest';
import { testStatus } from '../../../../../src/renderer/src/features/abtest/AbTestPanel';

const row = (id: string, weight: string, configurationId = '', variables = '') => ({ id, weight, configurationId, variables });
const fields = { id: 'ranking', name: 'Ranking', start: '2026-11-01', end: '' };

describe('the A/B test editor', () => {
  it('makes a test of the fields: variables from name=value pairs, an empty configuration left out', () => {
    const out = draftToTest(fields, [row('control', '50'), row('premium', '50', 'bestsellers', 'segment=premium, channel = app')]);
    expect(out.issues).toEqual([]);
    expect(out.test).toEqual({
      id: 'ranking',
      name: 'Ranking',
      start: '2026-11-01',
      variations: [
        { id: 'control', weight: 50 },
        { id: 'premium', weight: 50, configurationId: 'bestsellers', variables: { segment: 'premium', channel: 'app' } },
      ],
    });
  });

  it('names each problem by its field: weights off 100, a repeated id, a pair that is not name=value, a day that does not exist', () => {
    const out = draftToTest({ ...fields, end: '2026-02-30' }, [row('a', '60'), row('a', '30', '', 'segment')]);
    expect(out.test).toBeUndefined();
    expect(out.issues).toEqual(
      expect.arrayContaining([
        { path: 'variations[1].variables', message: expect.stringContaining('"segment" is not name=value') },
        { path: 'variations', message: 'the weights add up to 90, not 100: make them percentages of the users' },
        { path: 'variations[1].id', message: '"a" is there twice: variation ids are unique' },
        { path: 'end', message: '2026-02-30 is not a day: February 2026 has 28 days' },
      ]),
    );
    expect(draftToTest(fields, [row('a', ''), row('b', '100')]).issues[0]?.path).toBe('variations[0].weight');
    expect(parseVariables(' , ', 'v')).toEqual({ variables: {}, issues: [] });
  });

  it("says each field as the form counts it, from 1, and a running test's id or weights changed as a reshuffle", () => {
    expect(fieldWords('variations[1].id')).toBe('Variation 2 id');
    expect(fieldWords('variations[0].weight')).toBe('Variation 1 weight');
    expect(fieldWords('variations[2].variables')).toBe('Variation 3 context variables');
    expect(fieldWords('variations')).toBe('Weights');
    expect(fieldWords('start')).toBe('Start');
    const saved = {
      id: 'ranking',
      variations: [
        { id: 'a', weight: 50 },
        { id: 'b', weight: 50 },
      ],
    };
    const rows = [row('a', '50'), row('b', '50')];
    expect(reshuffleWarning(saved, { id: 'ranking' }, rows)).toBeNull();
    expect(reshuffleWarning(saved, { id: 'ranking' }, [row('a', '50', 'bestsellers'), row('b', '50')])).toBeNull();
    expect(reshuffleWarning(saved, { id: 'ranking-2' }, rows)).toMatch(/^This test is running: changing its id reshuffles/);
    expect(reshuffleWarning(saved, { id: 'ranking' }, [row('a', '60'), row('b', '40')])).toMatch(
      /changing its variations or weights reshuffles/,
    );
    expect(reshuffleWarning(saved, { id: 'x' }, [row('a', '60'), row('b', '40')])).toMatch(/changing its id and its variations or weights/);
  });

  it('says where a test is on the calendar', () => {
    const now = Date.parse('2026-11-10T12:00:00Z');
    expect(testStatus({ start: '2026-11-01' }, now)).toBe('running, day 10');
    expect(testStatus({ start: '2026-11-01', end: '2026-11-14' }, now)).toBe('running, day 10 of 14');
    expect(testStatus({ start: '2026-11-01', end: '2026-11-07' }, now)).toBe('ended 2026-11-07');
    expect(testStatus({ start: '2026-12-01' }, now)).toBe('starts 2026-12-01');
    expect(notStarted({ start: '2026-12-01' }, now)).toBe(true);
    expect(notStarted({ start: '2026-11-10T12:00:00Z' }, now)).toBe(false);
  });
});
