import { describe, expect, it } from 'vitest';
import {
  isReservedVariable,
  systemVariables,
  validateVariables,
  variablesJsonSchema,
  variableType,
} from '../../../../src/shared/request/variables';

describe('context variables', () => {
  it.each([
    ['premium', 'string'],
    [3, 'long'],
    [-2, 'long'],
    [0.5, 'double'],
    [true, 'boolean'],
    [['a', 'b'], 'array'],
    ['2024-05-01T10:00:00+02:00', 'date'],
    ['2024-05-01T10:00:00Z', 'date'],
    ['2024-05-01', 'string'],
    [null, undefined],
    [{ a: 1 }, undefined],
    [[1, 2], undefined],
    [Number.NaN, undefined],
  ])('%j is %s', (value, type) => {
    expect(variableType(value)).toBe(type);
  });

  it.each(['$SEARCH_QUERY', '$SEARCH_HOUR', '$SEARCH_DATE_TIME', '$SEARCH_FACET_BRAND', '$SEARCH_TAGS_FACET_X'])(
    '%s is reserved',
    (name) => {
      expect(isReservedVariable(name)).toBe(true);
      const [d] = validateVariables({ [name]: 'x' });
      expect(d).toMatchObject({ path: `context.variables.${name}`, severity: 'error', code: 'reserved-variable' });
      expect(d!.message).toContain('cannot be used as a custom key');
      expect(d!.fix?.edits).toEqual([{ op: 'remove', path: ['context', 'variables', name] }]);
    },
  );

  it.each(['segment', '$SEARCH', '$SEARCH_OTHER', 'SEARCH_HOUR'])('%s is allowed', (name) => {
    expect(isReservedVariable(name)).toBe(false);
    expect(validateVariables({ [name]: 'x' })).toEqual([]);
  });

  it('rejects unsupported value types and non-object variables, naming the field', () => {
    expect(validateVariables({ a: null })[0]).toMatchObject({
      path: 'context.variables.a',
      severity: 'error',
      code: 'unsupported-variable-type',
    });
    expect(validateVariables({ a: { nested: 1 } })[0]!.message).toContain('an object');
    expect(validateVariables({ a: [1] })[0]!.message).toContain('non-text entries');
    expect(validateVariables([1])[0]).toMatchObject({ path: 'context.variables', code: 'variables-not-object' });
  });

  it('warns about dates without an offset and integers beyond 2^53', () => {
    expect(validateVariables({ since: '2024-05-01' })[0]).toMatchObject({ severity: 'warning', code: 'date-without-offset' });
    expect(validateVariables({ since: '2024-05-01' })[0]!.fix?.edits[0]).toMatchObject({ value: '2024-05-01T00:00:00Z' });
    expect(validateVariables({ big: 2 ** 60 })[0]).toMatchObject({ severity: 'warning', code: 'unsafe-integer' });
  });

  it('computes the system variables the service would set', () => {
    const now = new Date('2026-11-22T23:30:00Z');
    const request = {
      query: 'red shoes',
      options: {
        facets: [
          { id: 'brand', values: ['Nike', 'Puma'] },
          { id: 'tags', values: ['sale'] },
        ],
      },
    };
    expect(systemVariables(request, now)).toEqual({
      $SEARCH_QUERY: 'red shoes',
      $SEARCH_FACET_BRAND: ['Nike', 'Puma'],
      $SEARCH_TAGS_FACET_TAGS: ['sale'],
      $SEARCH_DATE_TIME: '2026-11-22T23:30:00Z',
      $SEARCH_HOUR: 23,
    });
    const east = systemVariables({ query: 'x' }, now, { offsetMinutes: 120 });
    expect(east.$SEARCH_HOUR).toBe(1);
    expect(east.$SEARCH_DATE_TIME).toBe('2026-11-23T01:30:00+02:00');
  });

  it('publishes a JSON Schema that rejects the reserved names', () => {
    const pattern = new RegExp(variablesJsonSchema.propertyNames.not.pattern);
    expect(pattern.test('$SEARCH_HOUR')).toBe(true);
    expect(pattern.test('segment')).toBe(false);
  });
});
