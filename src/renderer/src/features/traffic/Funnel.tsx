import { funnelOf, type TrafficRow } from '@shared/traffic';
import { plural } from '@shared/text';

/**
 * Searched → clicked → added to cart → bought, as bars of the share of all searches, each with its count and the
 * share of the step before it (what is lost between two steps).
 */
export function Funnel({ row, label }: { row: TrafficRow; label: string }) {
  const steps = funnelOf(row);
  return (
    <ol className="traffic-funnel" aria-label={label} data-testid="traffic-funnel">
      {steps.map((s, i) => {
        const before = i > 0 ? steps[i - 1]! : null;
        const kept = before && before.share > 0 ? s.share / before.share : null;
        return (
          <li key={s.step} className="traffic-funnel__step">
            <span className="traffic-funnel__name small">{s.step}</span>
            <span className="traffic-funnel__track" aria-hidden="true">
              <span className="traffic-funnel__bar" style={{ width: `${Math.max(0.5, s.share * 100)}%` }} />
            </span>
            <span className="traffic-funnel__value small n">
              {`${(s.share * 100).toFixed(1)}% · ${plural(s.searches, 'search', 'searches')}`}
              {kept !== null ? <span className="muted">{` · ${(kept * 100).toFixed(0)}% of ${before!.step}`}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
