import { describe, expect, it } from 'vitest';
import { matrixSpecOf } from '../../../../../src/renderer/src/features/matrix/matrix-slice';

const form = {
  queries: 'rain jacket\n\n  boots \n',
  axes: [{ name: ' segment ', values: 'none, premium, "a,b"' }],
  configurations: '',
  hours: '',
};

describe('the matrix form as a grid', () => {
  it('reads queries by line, values typed as on the command line, no configuration as the tenant default', () => {
    const { spec, problems } = matrixSpecOf(form);
    expect(problems).toEqual([]);
    expect(spec).toEqual({
      queries: ['rain jacket', 'boots'],
      axes: [{ name: 'segment', values: [null, 'premium', 'a,b'] }],
      configurations: [''],
    });
    expect(matrixSpecOf({ ...form, configurations: ' default, bestsellers ,', hours: '9, 21' }).spec).toMatchObject({
      configurations: ['default', 'bestsellers'],
      hours: [9, 21],
    });
  });

  it('names each problem by its field: a quote left open, an hour that is not one, an axis without values', () => {
    const bad = matrixSpecOf({
      ...form,
      axes: [
        { name: 'segment', values: '"a"b' },
        { name: 'weather', values: '' },
      ],
      hours: '9, noon',
    });
    expect(bad.problems.map((p) => p.field)).toEqual(['axes[0].values', 'hours', 'axes[0].values', 'axes[1].values']);
    expect(bad.spec.hours).toBeUndefined();
    expect(matrixSpecOf({ ...form, queries: ' \n ' }).problems[0]!.field).toBe('queries');
  });
});
