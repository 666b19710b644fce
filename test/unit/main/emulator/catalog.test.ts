import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../../src/main/emulator/catalog/generate';
import { BRANDS, COLOURS } from '../../../../src/main/emulator/catalog/vocabulary';
import { demoConfig, emulatorConfigSchema } from '../../../../src/main/emulator/config';
import { checkReferences } from '../../../../src/main/emulator/config';
import { processTerm } from '../../../../src/main/emulator/engine/analyzer';

describe('catalog generator', () => {
  it('gives the same catalog for the same seed, and another for another seed', () => {
    expect(generateCatalog({ items: 500, seed: 7 })).toEqual(generateCatalog({ items: 500, seed: 7 }));
    expect(generateCatalog({ items: 500, seed: 7 })).not.toEqual(generateCatalog({ items: 500, seed: 8 }));
  });

  it('makes 20,000 items by default and any count by option', () => {
    expect(generateCatalog()).toHaveLength(20_000);
    expect(generateCatalog({ items: 17 })).toHaveLength(17);
  });

  it('fills every attribute with realistic values', () => {
    const items = generateCatalog({ items: 2000 });
    const ids = new Set(items.map((i) => i.id));
    expect(ids.size).toBe(2000);
    for (const item of items) {
      expect(item.title.length).toBeGreaterThan(5);
      expect(item.description.length).toBeGreaterThan(20);
      expect(typeof item.price).toBe('number');
      expect(item.discountRate).toBeGreaterThanOrEqual(0);
      expect(item.discountRate).toBeLessThanOrEqual(0.5);
      expect(item.rating).toBeGreaterThanOrEqual(0);
      expect(item.rating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(item.reviewCount)).toBe(true);
      expect(Number.isInteger(item.stock)).toBe(true);
      expect(Date.parse(item.created)).toBeLessThanOrEqual(Date.parse('2026-11-01T00:00:00Z'));
      expect(Array.isArray(item.sizes)).toBe(true);
      expect(Array.isArray(item.tags)).toBe(true);
      expect(['product', 'content']).toContain(item.kind);
      expect(typeof item.recommended).toBe('boolean');
      expect(item.categoryPath.split(' > ')).toHaveLength(3);
    }
    const brands = new Set(items.filter((i) => i.kind === 'product').map((i) => i.brand));
    expect([...brands].every((b) => (BRANDS as readonly string[]).includes(b))).toBe(true);
    expect(brands.size).toBeGreaterThan(15);
    expect(new Set(items.map((i) => i.colour)).size).toBeGreaterThan(COLOURS.length - 3);
    expect(items.some((i) => i.kind === 'content')).toBe(true);
    expect(items.some((i) => i.stock === 0)).toBe(true);
    expect(items.some((i) => i.discountRate > 0)).toBe(true);
  });
});

describe('emulator configuration', () => {
  it('the demo configuration validates and survives a JSON round trip', () => {
    const config = demoConfig();
    expect(emulatorConfigSchema.parse(JSON.parse(JSON.stringify(config)))).toEqual(config);
  });

  it('names broken references', () => {
    const config = demoConfig();
    config.tenants[0]!.configurations[0]!.facets.push('nope');
    expect(() => checkReferences(config)).toThrow(/lists facet nope/);
    const other = demoConfig();
    other.tenants[0]!.defaultConfigurationId = 'missing';
    expect(() => checkReferences(other)).toThrow(/defaultConfigurationId missing/);
  });
});

describe('text analysis', () => {
  it.each([
    ['Shoes', 'shoe'],
    ['dresses', 'dress'],
    ['watches', 'watch'],
    ['leggings', 'legging'],
    ['dress', 'dress'],
    ['the', null],
    ['With', null],
    ['gps', 'gps'],
  ])('%s → %s', (term, expected) => {
    expect(processTerm(term)).toBe(expected);
  });
});
