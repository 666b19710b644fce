import { describe, expect, it } from 'vitest';
import { configurationLabel } from '../../../../../src/renderer/src/features/search/configuration-label';

/** The words the answer's header shows, badge included, as a user reads them. */
const reads = (used: string, tenantDefault?: string) => {
  const label = configurationLabel(used, tenantDefault);
  return ['config', label.used, label.badge?.text, label.badge?.id].filter(Boolean).join(' ');
};

describe("the answer header's configuration", () => {
  it('says "default" once when the tenant default, named default, was used', () => {
    expect(reads('default', 'default')).toBe('config default');
    expect(reads('default', 'default').match(/default/g)).toHaveLength(1);
  });
  it('marks another id that is the tenant default, and names the default when another was used', () => {
    expect(reads('bestsellers', 'bestsellers')).toBe('config bestsellers tenant default');
    expect(reads('new-arrivals', 'default')).toBe('config new-arrivals tenant default: default');
    expect(configurationLabel('new-arrivals', 'default').title).toContain("the tenant's default is default");
  });
  it('says nothing of a default the answer did not name', () => {
    expect(reads('default')).toBe('config default');
    expect(configurationLabel('x', undefined).badge).toBeNull();
  });
});
