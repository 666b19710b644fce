import { compileFilter, compileFilterWith, parseFilter, type Predicate } from '../../../shared/filter';
import type { ConfigurationConfig, FacetConfig, TenantConfig } from '../config';
import type { CatalogIndex } from './catalog-index';
import { normalizeQuery, UsageLog } from './usage-log';

export interface CompiledTrigger {
  id: string;
  when: Predicate;
  /** By row number, over the catalog's columns (the same semantics as the object evaluator). */
  boost: (row: number) => boolean;
  factor: number;
}

export interface Configuration {
  config: ConfigurationConfig;
  facets: FacetConfig[];
  triggers: CompiledTrigger[];
  /** Fields with a positive boost, searched by the text index. */
  fields: string[];
}

function parse(text: string, where: string) {
  const parsed = parseFilter(text);
  if (!parsed.ast && text.trim() !== '') throw new Error(`${where}: ${parsed.diagnostics[0]?.message ?? 'invalid filter'}`);
  return parsed.ast;
}

function compile(text: string, where: string): Predicate {
  return compileFilter(parse(text, where));
}

/** A tenant ready to serve: its configurations compiled, its usage log, its redirects. */
export class Tenant {
  readonly configurations = new Map<string, Configuration>();
  readonly facets = new Map<string, FacetConfig>();
  readonly sortable: Set<string>;
  readonly redirects = new Map<string, { id: string; name: string; url: string }>();
  readonly usage = new UsageLog();
  /** Text matches per configuration and query (see textMatches). */
  readonly textCache = new Map<string, { ids: Int32Array; scores: Float64Array }>();
  /** Compiled filters by text, over row numbers. */
  readonly filterCache = new Map<string, (row: number) => boolean>();

  constructor(
    readonly config: TenantConfig,
    readonly index: CatalogIndex,
  ) {
    for (const f of config.facets) this.facets.set(f.id, f);
    for (const c of config.configurations) {
      this.configurations.set(c.id, {
        config: c,
        facets: c.facets.map((id) => this.facets.get(id)).filter((f): f is FacetConfig => f !== undefined),
        triggers: c.triggers.map((t) => ({
          id: t.id,
          when: compile(t.when, `trigger ${t.id} (when)`),
          boost: compileFilterWith(parse(t.boost, `trigger ${t.id} (boost)`), index.reader),
          factor: t.factor,
        })),
        fields: Object.entries(c.fieldBoosts)
          .filter(([, w]) => w > 0)
          .map(([f]) => f),
      });
    }
    this.sortable = new Set(config.sortableAttributes);
    for (const r of config.redirects) for (const q of r.queries) this.redirects.set(normalizeQuery(q), r.redirect);
  }

  private readonly multiplierCache = new Map<string, Float64Array>();

  /** Per-item signal multipliers of a configuration, made once (see signalMultiplier). */
  multipliers(configurationId: string, make: () => Float64Array): Float64Array {
    let values = this.multiplierCache.get(configurationId);
    if (!values) this.multiplierCache.set(configurationId, (values = make()));
    return values;
  }

  private buffers: { score: Float64Array; matched: Int32Array } | undefined;

  /** Per-item scratch arrays for one request at a time (search is synchronous). */
  scratch(): { score: Float64Array; matched: Int32Array } {
    const n = this.index.items.length;
    if (!this.buffers) this.buffers = { score: new Float64Array(n), matched: new Int32Array(n) };
    return this.buffers;
  }

  get id(): string {
    return this.config.id;
  }

  /** Facets usable for grouping in suggest: single-valued, not bucketed into ranges. */
  groupableAttributes(): string[] {
    const out = new Set<string>();
    for (const f of this.facets.values()) {
      if (f.ranges) continue;
      if (!this.index.column(f).multiValued) out.add(f.attribute);
    }
    return [...out];
  }
}
