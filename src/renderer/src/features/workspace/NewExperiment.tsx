import { useState } from 'react';
import type { RatingsCounted } from '@shared/judgments';
import type { Gain } from '@shared/metrics';
import type { WorkspaceItem, WorkspaceListing } from '@shared/workspace';
import { Button } from '../../components/Button';
import { IntInput } from '../../components/IntInput';
import { Segmented } from '../../components/Segmented';
import { ProfilePicker } from '../../request-ui/ProfilePicker';
import { useAppStore } from '../../store/store';
import { sideSpec, type SideDraft, type SideKey } from '../compare';
import { differencesLine, sideDifferences } from '@shared/compare';
import { DiagnosticLine } from '../../components/Field';
import { configurationWarning } from '../../request-ui/configuration-warning';
import { parseVariables } from '../../request-ui/parse-variables';
import { VariablesField } from '../../request-ui/VariablesField';

/** A side label that says something: the Compare screen's own unless it is just "A"/"B". */
function startingLabel(draft: SideDraft, fallback: string): string {
  const label = draft.label.trim();
  if (label && !/^[AB]$/i.test(label)) return label;
  return draft.configurationId.trim() || fallback;
}

function SideFields({ side, draft, onChange }: { side: SideKey; draft: SideDraft; onChange: (patch: Partial<SideDraft>) => void }) {
  const upper = side.toUpperCase();
  const profile = useAppStore((s) => s.profiles?.profiles.find((p) => p.id === (draft.profileId ?? s.profiles?.activeId)));
  return (
    <fieldset className={`ws-side ws-side--${side}`}>
      <legend>
        <span className={`side-tag side-tag--${side}`}>{upper}</span> {side === 'a' ? 'baseline' : 'candidate'}
      </legend>
      <input
        className="input input--sm"
        aria-label={`Side ${upper} label`}
        placeholder={side === 'a' ? 'e.g. production' : 'e.g. bestsellers'}
        value={draft.label}
        onChange={(e) => onChange({ label: e.target.value })}
      />
      <ProfilePicker
        value={draft.profileId ?? useAppStore.getState().profiles?.activeId ?? null}
        onChange={(profileId) => onChange({ profileId })}
        label={`Side ${upper} profile`}
        compact
      />
      <input
        className="input input--sm"
        aria-label={`Side ${upper} configuration`}
        placeholder="configuration (tenant default)"
        value={draft.configurationId}
        onChange={(e) => onChange({ configurationId: e.target.value })}
      />
      {configurationWarning(draft.configurationId, profile).map((d) => (
        <DiagnosticLine key={d.code} diagnostic={d} />
      ))}
      <input
        className="input input--sm mono"
        aria-label={`Side ${upper} filter`}
        placeholder="none (e.g. filter stock > 0)"
        value={draft.filter}
        onChange={(e) => onChange({ filter: e.target.value })}
      />
      <VariablesField
        ariaLabel={`Side ${upper} context variables`}
        value={draft.variables}
        onChange={(variables) => onChange({ variables })}
      />
      {draft.token.trim() ? (
        <span className="small ws-side__token">
          Its own search token (from Compare)
          <Button size="sm" variant="ghost" onClick={() => onChange({ token: '' })}>
            Use the profile’s
          </Button>
        </span>
      ) : null}
    </fieldset>
  );
}

/** Picks one of the workspace's files of a kind by name; `none` adds an empty choice. */
function FileSelect({
  label,
  text = label,
  items,
  value,
  none,
  onChange,
}: {
  label: string;
  text?: string;
  items: WorkspaceItem[];
  value: string;
  none?: string;
  onChange: (file: string) => void;
}) {
  return (
    <label className="small ws-form__scale">
      {text}
      <select className="input input--sm" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {none ? <option value="">{none}</option> : null}
        {items.map((item) => (
          <option key={item.file} value={item.file}>
            {item.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A new experiment: a query set on two sides (A the baseline), optionally
 * measured against a judgment list at depth k. The sides start as the
 * Compare screen has them.
 */
export function NewExperiment({ listing, onDone }: { listing: WorkspaceListing; onDone: () => void }) {
  const create = useAppStore((s) => s.createExperiment);
  const busy = useAppStore((s) => s.workspaceOp.status === 'sending');
  const querySets = listing.items['query-sets'].filter((i) => !i.problem);
  const lists = listing.items.judgments.filter((i) => !i.problem);
  const [name, setName] = useState('');
  const [querySet, setQuerySet] = useState(querySets[0]?.file ?? '');
  const [judgments, setJudgments] = useState(lists[0]?.file ?? '');
  const [k, setK] = useState(10);
  const [gain, setGain] = useState<Gain>('exponential');
  const [ratings, setRatings] = useState<RatingsCounted>('confirmed');
  const [weight, setWeight] = useState<'none' | 'frequency'>('none');
  const [limit, setLimit] = useState(() => Math.min(100, useAppStore.getState().compare.limit));
  const [concurrency, setConcurrency] = useState(6);
  const [sides, setSides] = useState<Record<SideKey, SideDraft>>(() => {
    const from = useAppStore.getState().compare.sides;
    return { a: { ...from.a, label: startingLabel(from.a, 'baseline') }, b: { ...from.b, label: startingLabel(from.b, 'candidate') } };
  });
  const patchSide = (key: SideKey) => (patch: Partial<SideDraft>) => setSides((s) => ({ ...s, [key]: { ...s[key], ...patch } }));
  const badVariables = (['a', 'b'] as const).find((key) => !parseVariables(sides[key].variables).ok);
  const a = sideSpec(sides.a, '');
  const b = sideSpec(sides.b, '');
  const differences = sideDifferences(a, b);

  if (querySets.length === 0)
    return (
      <div className="ws-form">
        <p className="small">
          An experiment runs a query set: create one in <strong>Query sets</strong> first, then come back.
        </p>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Close
        </Button>
      </div>
    );

  return (
    <form
      className="ws-form"
      aria-label="New experiment"
      onSubmit={(e) => {
        e.preventDefault();
        if (badVariables) return;
        void create({
          name: name.trim() || `${a.label} vs ${b.label}`,
          querySet,
          ...(judgments ? { judgments } : {}),
          // The relevance threshold is the judgment list's own.
          quality: { k, gain, ...(ratings !== 'confirmed' ? { ratings } : {}), ...(weight === 'frequency' ? { weight } : {}) },
          limit,
          concurrency,
          sides: { a, b },
        }).then((ok) => ok && onDone());
      }}
    >
      <div className="ws-form__row">
        <input
          className="input input--sm"
          aria-label="Experiment name"
          placeholder="Name (default: A vs B)"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="ws-form__row">
        <FileSelect label="Query set" items={querySets} value={querySet} onChange={setQuerySet} />
        <FileSelect
          label="Judgment list"
          text="Judgments"
          items={lists}
          value={judgments}
          onChange={setJudgments}
          none="None (change only)"
        />
      </div>
      <div className="ws-form__row">
        <IntInput label="k" ariaLabel="Depth k" value={k} min={1} max={1000} fallback={10} disabled={!judgments} onChange={setK} />
        <Segmented
          label="Gain"
          showLabel
          value={gain}
          onChange={setGain}
          options={[
            {
              value: 'exponential',
              label: '2^rel − 1',
              title: 'Exponential gain (as trec_eval’s ndcg_cut with graded judgments in most tools)',
            },
            { value: 'linear', label: 'rel', title: 'Linear gain' },
          ]}
        />
        <Segmented
          label="Ratings"
          showLabel
          value={ratings}
          onChange={setRatings}
          disabled={!judgments}
          options={[
            {
              value: 'confirmed',
              label: 'people’s',
              title: 'Count the ratings people gave or confirmed (rules’ suggestions and clicks’ ratings left out)',
            },
            { value: 'people+rules', label: '+ rules’', title: 'Count rules’ suggestions too, for items nobody has rated yet' },
            {
              value: 'people+clicks',
              label: '+ clicks’',
              title: 'Count clicks’ ratings (from a click model on shopper traffic) too, for items nobody has rated yet',
            },
            {
              value: 'people+llm',
              label: '+ judges’',
              title: 'Count language model judges’ ratings too, for items nobody has rated yet',
            },
            { value: 'clicks', label: 'clicks’', title: 'Count clicks’ ratings only: what shoppers did, corrected for where they looked' },
            { value: 'all', label: 'all', title: 'People’s ratings, else clicks’, else rules’ suggestions' },
          ]}
        />
        <Segmented
          label="Queries"
          showLabel
          value={weight}
          onChange={setWeight}
          disabled={!judgments}
          options={[
            { value: 'none', label: 'once each', title: 'Each query counts once in the means (unweighted)' },
            {
              value: 'frequency',
              label: 'by searches',
              title:
                'Weigh each query by how often shoppers searched it (a query set sampled from traffic carries it; 1 where it has none)',
            },
          ]}
        />
        <IntInput label="Items per query" value={limit} min={1} max={1000} fallback={24} onChange={setLimit} />
        <IntInput
          label="In flight"
          ariaLabel="Queries in flight"
          value={concurrency}
          min={1}
          max={64}
          fallback={6}
          onChange={setConcurrency}
        />
      </div>
      {judgments && weight === 'frequency' && !querySets.find((q) => q.file === querySet)?.weighted ? (
        <p className="small diag diag--warning" data-testid="experiment-unweighted">
          This query set carries no searches per query, so by searches weighs every query 1 — the same as once each. Sample a set from
          Shoppers (Save sample as query set) to weigh queries by how often shoppers searched them.
        </p>
      ) : null}
      {judgments && limit < k ? (
        <p className="small muted">
          Each run asks for {k} items per query (not {limit}), so every position up to k can be measured.
        </p>
      ) : null}
      <div className="ws-sides">
        <SideFields side="a" draft={sides.a} onChange={patchSide('a')} />
        <SideFields side="b" draft={sides.b} onChange={patchSide('b')} />
      </div>
      <p className="small ws-form__differences" aria-label="What differs between the sides">
        {differences.length
          ? `B differs from A in: ${differencesLine(differences)}.`
          : 'The two sides are the same: give B something to change.'}
      </p>
      <div className="ws-form__row">
        <Button size="sm" variant="primary" type="submit" disabled={busy || !querySet || !!badVariables}>
          Create experiment
        </Button>
        {badVariables ? (
          <span className="small send-blocked" role="status">
            Not created: side {badVariables.toUpperCase()}'s context variables are not a JSON object (see side {badVariables.toUpperCase()}
            ).
          </span>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
