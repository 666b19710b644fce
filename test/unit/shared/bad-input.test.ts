import { describe, expect, it } from 'vitest';
import { oneCause } from '../../../src/shared/diagnostics';
import { unknownConfiguration } from '../../../src/shared/profiles';

const demo = { name: 'Local demo', configurationIds: ['default', 'bestsellers', 'new-arrivals'] };

describe('a configuration id the profile does not list', () => {
  it('is said with the known ids and the one it was most likely meant to be', () => {
    expect(unknownConfiguration('bestsellerz', demo)).toBe(
      '"bestsellerz" is not a configuration of Local demo (default, bestsellers, new-arrivals): did you mean bestsellers? The service will refuse it or use its default.',
    );
    expect(unknownConfiguration('summer-boost', demo)).toMatch(
      /^"summer-boost" is not a configuration of Local demo \(default, bestsellers, new-arrivals\)\. The service/,
    );
  });

  it('says nothing for a listed id, the tenant default, or a profile that lists none', () => {
    expect(unknownConfiguration('bestsellers', demo)).toBeNull();
    expect(unknownConfiguration('', demo)).toBeNull();
    expect(unknownConfiguration(undefined, demo)).toBeNull();
    expect(unknownConfiguration('anything', { name: 'Prod', configurationIds: [] })).toBeNull();
  });
});

describe('one cause for many failures', () => {
  it('is the reason and the count when every attempt failed the same way', () => {
    expect(oneCause(['400: unknown configuration', '400: unknown configuration', '400: unknown configuration'])).toEqual({
      message: '400: unknown configuration',
      count: 3,
    });
  });

  it('is none when one succeeded, the reasons differ, or there is a single attempt', () => {
    expect(oneCause(['x', null, 'x'])).toBeNull();
    expect(oneCause(['x', 'y'])).toBeNull();
    expect(oneCause(['x'])).toBeNull();
    expect(oneCause([])).toBeNull();
  });
});
