import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../../src/main/emulator/catalog/generate';
import { demoConfig } from '../../../../src/main/emulator/config';
import { CatalogIndex } from '../../../../src/main/emulator/engine/catalog-index';
import { Tenant } from '../../../../src/main/emulator/engine/tenant';
import { compileFilter, parseFilter } from '../../../../src/shared/filter';

describe('trigger boosts read the catalog by column', () => {
  it('select exactly the items the object evaluator selects, for every trigger of the demo tenant', () => {
    const config = demoConfig();
    const items = generateCatalog({ items: 3_000 });
    const tenant = new Tenant(config.tenants[0]!, new CatalogIndex(items, config.catalog.referenceDate));
    let checked = 0;
    for (const configuration of tenant.configurations.values()) {
      for (const trigger of configuration.triggers) {
        const source = config.tenants[0]!.configurations.find((c) => c.id === configuration.config.id)!.triggers.find(
          (t) => t.id === trigger.id,
        )!;
        const byObject = compileFilter(parseFilter(source.boost).ast);
        const selected = items.filter((item, row) => {
          expect(trigger.boost(row), `${trigger.id} on ${item.id}`).toBe(byObject(item));
          return byObject(item);
        });
        expect(selected.length, `${trigger.id} selects some items`).toBeGreaterThan(0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('the demo experiment is the same at any hour', () => {
  it('the configurations it compares have no trigger on the time of day; bestsellers keeps one to show', () => {
    const tenant = demoConfig().tenants[0]!;
    const hourly = (id: string) => tenant.configurations.find((c) => c.id === id)!.triggers.filter((t) => t.when.includes('$SEARCH_HOUR'));
    expect(hourly('default')).toEqual([]);
    expect(hourly('new-arrivals')).toEqual([]);
    expect(hourly('bestsellers').length).toBeGreaterThan(0);
  });
});
