import type { ReactNode } from 'react';
import type { BothRated, PeopleVsClicks } from '@shared/judgments';
import { useItemLookup } from '../../request-ui/use-item-lookup';

/** Brands listed in the card: the most rated first. */
const SHOWN_BRANDS = 12;

interface Group {
  name: string;
  items: number;
  exact: number;
  /** Σ (judge − people): above 0 the judge rates higher. */
  bias: number;
}

function grouped(pairs: readonly BothRated[], nameOf: (p: BothRated) => string): Group[] {
  const groups = new Map<string, Group>();
  for (const p of pairs) {
    const name = nameOf(p);
    const g = groups.get(name) ?? { name, items: 0, exact: 0, bias: 0 };
    g.items++;
    if (p.rating === p.people) g.exact++;
    g.bias += p.rating - p.people;
    groups.set(name, g);
  }
  return [...groups.values()];
}

const share = (g: Group) => `${((g.exact / g.items) * 100).toFixed(0)}%`;
const bias = (g: Group) => {
  const mean = g.bias / g.items;
  return `${mean > 0 ? '+' : mean < 0 ? '−' : ''}${Math.abs(mean).toFixed(2)}`;
};

function GroupTable({ label, first, groups }: { label: string; first: string; groups: Group[] }) {
  return (
    <table className="judge-card-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col" className="num">
            Items both rated
          </th>
          <th scope="col" className="num">
            Exact
          </th>
          <th scope="col" className="num" title="The judge's rating minus the people's, on average: above 0 it rates higher">
            Judge − people
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.name}>
            <th scope="row">{g.name}</th>
            <td className="num">{g.items.toLocaleString('en-US')}</td>
            <td className="num">{share(g)}</td>
            <td className="num">{bias(g)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Where a judge errs, against the people: by the people's grade (does it rate the perfect items down, the
 * irrelevant up?) and by brand (does it favour one?), each with the share it rated exactly as they did and its mean
 * difference. Brands come from the catalog (the same lookup that shows titles), for the items it still has.
 */
export function JudgeReportCard({
  by,
  pairs,
  againstClicks,
  children,
}: {
  by: string;
  pairs: readonly BothRated[];
  againstClicks: NonNullable<PeopleVsClicks['againstClicks']>;
  /** The confusion matrix of the people and the judge, as the agreement view draws it. */
  children?: ReactNode;
}) {
  const lookup = useItemLookup(pairs.map((p) => p.itemId));
  const byGrade = grouped(pairs, (p) => `people ${p.people}`).sort((a, b) => a.name.localeCompare(b.name));
  const brandOf = (p: BothRated) => {
    const item = lookup.item(p.itemId);
    const brand = typeof item === 'string' ? undefined : item.product?.brand;
    return typeof brand === 'string' && brand ? brand : '(no brand known)';
  };
  const byBrand = grouped(pairs, brandOf)
    .sort((a, b) => b.items - a.items || a.name.localeCompare(b.name))
    .slice(0, SHOWN_BRANDS);
  return (
    <details className="agreement__apart" data-testid="judge-report-card">
      <summary className="small">Where {by} errs: by the people’s grade, by brand, and against shoppers</summary>
      {children}
      <div className="judge-card-tables">
        <GroupTable label={`${by} by the people's grade`} first="Grade" groups={byGrade} />
        <GroupTable label={`${by} by brand`} first="Brand" groups={byBrand} />
      </div>
      {againstClicks.length ? (
        <ul className="small judge-card-clicks" aria-label={`${by} against shoppers`}>
          {againstClicks.map((c) => (
            <li key={c.by}>
              Against {c.by}: {c.items.toLocaleString('en-US')} items both rated
              {c.items >= 30 && c.exact !== null
                ? ` · exact ${(c.exact * 100).toFixed(0)}% · κ quadratic ${c.weightedKappa?.toFixed(3) ?? '—'}${c.alpha !== null ? ` · α ${c.alpha.toFixed(3)}` : ''}`
                : `: ${30 - c.items} more are needed before figures are given`}
            </li>
          ))}
        </ul>
      ) : (
        <p className="small muted">
          No clicks’ ratings in this list to set the judge against (Shoppers → Ratings from clicks, saved into it).
        </p>
      )}
      {lookup.problem ? <p className="small muted">{lookup.problem}</p> : null}
    </details>
  );
}
