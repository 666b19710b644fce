import { Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type AbTest, abTestSchema, notStarted } from '@shared/abtest';
import { unknownConfiguration } from '@shared/profiles';
import { zodIssues, type ErrorIssue } from '@shared/zod';
import { Button } from '../../components/Button';
import { useAppStore } from '../../store/store';

/** A variation as the form holds it: variables as `name=value, name=value` text until saved. */
interface RowDraft {
  id: string;
  weight: string;
  configurationId: string;
  variables: string;
}

const toRow = (v: AbTest['variations'][number]): RowDraft => ({
  id: v.id,
  weight: String(v.weight),
  configurationId: v.configurationId ?? '',
  variables: Object.entries(v.variables ?? {})
    .map(([k, value]) => `${k}=${value}`)
    .join(', '),
});

/** `segment=premium, channel=app` read back into variables; the pairs that are not `name=value` named as issues. */
export function parseVariables(text: string, path: string): { variables: Record<string, string>; issues: ErrorIssue[] } {
  const variables: Record<string, string> = {};
  const issues: ErrorIssue[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    if (!part) continue;
    const at = part.indexOf('=');
    if (at <= 0) issues.push({ path, message: `"${part}" is not name=value (write segment=premium, several with commas)` });
    else variables[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return { variables, issues };
}

/** The form's fields made into a test, checked by the same schema main checks with; the issues by field otherwise. */
export function draftToTest(fields: { id: string; name: string; start: string; end: string }, rows: RowDraft[]) {
  const issues: ErrorIssue[] = [];
  const variations = rows.map((r, i) => {
    const { variables, issues: bad } = parseVariables(r.variables, `variations[${i}].variables`);
    issues.push(...bad);
    const weight = r.weight.trim() === '' ? Number.NaN : Number(r.weight);
    return {
      id: r.id,
      weight,
      ...(r.configurationId.trim() ? { configurationId: r.configurationId.trim() } : {}),
      ...(Object.keys(variables).length ? { variables } : {}),
    };
  });
  const candidate = {
    id: fields.id,
    name: fields.name,
    variations,
    start: fields.start.trim(),
    ...(fields.end.trim() ? { end: fields.end.trim() } : {}),
  };
  const parsed = abTestSchema.safeParse(candidate);
  if (!parsed.success) issues.push(...zodIssues(parsed.error));
  return issues.length || !parsed.success ? { issues } : { test: parsed.data, issues };
}

const FIELD_WORDS: Record<string, string> = {
  id: 'Test id',
  name: 'Name',
  start: 'Start',
  end: 'End',
  variations: 'Weights',
};
const VARIATION_FIELDS: Record<string, string> = {
  id: 'id',
  weight: 'weight',
  configurationId: 'configuration',
  variables: 'context variables',
};

/** An issue's field in the form's own words, counted from 1 as the form counts: `variations[1].id` is "Variation 2 id". */
export function fieldWords(path: string): string {
  const row = /^variations\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (row) return `Variation ${Number(row[1]) + 1}${row[2] ? ` ${VARIATION_FIELDS[row[2]] ?? row[2]}` : ''}`;
  return FIELD_WORDS[path] ?? path;
}

/**
 * Why saving a running test's changes moves people: the test id and the weights decide each user's bucket, so a new
 * id or new weights reshuffle who is in which variation — mid-test, the readout then mixes two assignments.
 */
export function reshuffleWarning(
  saved: Pick<AbTest, 'id' | 'variations'>,
  fields: { id: string },
  rows: Pick<RowDraft, 'id' | 'weight'>[],
): string | null {
  const changed: string[] = [];
  if (fields.id.trim() !== saved.id) changed.push('its id');
  const weights = (list: { id: string; weight: string | number }[]) =>
    list.map((v) => `${v.id.trim()}:${String(v.weight).trim()}`).join(',');
  if (weights(rows) !== weights(saved.variations)) changed.push('its variations or weights');
  if (!changed.length) return null;
  return `This test is running: changing ${changed.join(' and ')} reshuffles which variation each user gets — users already in the test move, and the readout mixes both assignments. To change a running test, end it and start a new one.`;
}

/** A labelled text box of the A/B test panel: its label above it, small. */
export function LabeledInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  title?: string;
  className?: string;
  mono?: boolean;
  invalid?: boolean;
}) {
  return (
    <label className={`abtest-form__field${props.className ? ` ${props.className}` : ''}`}>
      <span className="small muted">{props.label}</span>
      <input
        className={`input input--sm${props.mono ? ' mono' : ''}`}
        aria-label={props.label}
        aria-invalid={props.invalid ? true : undefined}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        {...(props.title ? { title: props.title } : {})}
      />
    </label>
  );
}

/** Edits a test of the workspace, or a new one: its id (what users are bucketed by), variations, weights and days. */
export function AbTestEditor({ draft, file }: { draft: AbTest; file: string | null }) {
  const save = useAppStore((s) => s.abtest.save);
  const profile = useAppStore((s) => s.activeProfile());
  const { saveAbTest, closeAbEditor } = useAppStore.getState();
  const [fields, setFields] = useState({ id: draft.id, name: draft.name, start: draft.start, end: draft.end ?? '' });
  const [rows, setRows] = useState<RowDraft[]>(draft.variations.map(toRow));
  const [tried, setTried] = useState(false);
  const checked = draftToTest(fields, rows);
  /** The fields to mark once a save was tried: each issue's own, by its path. */
  const bad = new Set(tried ? checked.issues.map((i) => i.path) : []);
  const invalid = (path: string) => (bad.has(path) ? true : undefined);
  const running = file !== null && !notStarted(draft);
  const warning = running ? reshuffleWarning(draft, fields, rows) : null;
  const total = rows.reduce((s, r) => s + (Number(r.weight) || 0), 0);
  const busy = save.status === 'sending';
  const setRow = (i: number, p: Partial<RowDraft>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const submit = () => {
    setTried(true);
    if (checked.test && !busy) void saveAbTest(checked.test);
  };
  const field = (key: keyof typeof fields, label: string, placeholder: string, hint?: string) => (
    <LabeledInput
      label={label}
      placeholder={placeholder}
      value={fields[key]}
      invalid={bad.has(key)}
      onChange={(value) => setFields({ ...fields, [key]: value })}
      {...(hint ? { title: hint } : {})}
    />
  );
  return (
    <form
      className="ws-form abtest-form"
      aria-label={file ? `Edit ${draft.name}` : 'New A/B test'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          submit();
        }
      }}
    >
      <div className="abtest-form__head">
        {field('name', 'Name', 'Ranking test, November')}
        {field('id', 'Test id', 'as the storefront names it', 'Users are bucketed by their id and this: keep it as the storefront has it')}
        {field('start', 'Start', '2026-11-01')}
        {field('end', 'End (optional)', 'running')}
      </div>
      <table className="abtest-table abtest-form__variations">
        <colgroup>
          <col className="abtest-form__col-id" />
          <col className="abtest-form__col-weight" />
          <col />
          <col />
          <col className="abtest-form__col-remove" />
        </colgroup>
        <thead>
          <tr>
            <th>Variation id</th>
            <th className="n">Weight %</th>
            <th>Configuration</th>
            <th>Context variables</th>
            <th aria-label="Remove" />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const unknown = unknownConfiguration(r.configurationId, profile);
            return (
              <tr key={i}>
                <td>
                  <input
                    className="input input--sm"
                    aria-label={`Variation ${i + 1} id`}
                    aria-invalid={invalid(`variations[${i}].id`)}
                    value={r.id}
                    placeholder={i === 0 ? 'control' : 'variant'}
                    onChange={(e) => setRow(i, { id: e.target.value })}
                  />
                  {i === 0 ? <span className="small muted"> control</span> : null}
                </td>
                <td className="n">
                  <input
                    className="input input--sm abtest-form__weight"
                    aria-label={`Variation ${i + 1} weight`}
                    aria-invalid={invalid(`variations[${i}].weight`)}
                    inputMode="numeric"
                    value={r.weight}
                    onChange={(e) => setRow(i, { weight: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    className="input input--sm"
                    aria-label={`Variation ${i + 1} configuration`}
                    aria-invalid={invalid(`variations[${i}].configurationId`)}
                    list="abtest-configurations"
                    placeholder="the tenant default"
                    value={r.configurationId}
                    onChange={(e) => setRow(i, { configurationId: e.target.value })}
                  />
                  {unknown ? <div className="diag diag--warning small">{unknown}</div> : null}
                </td>
                <td>
                  <input
                    className="input input--sm"
                    aria-label={`Variation ${i + 1} context variables`}
                    aria-invalid={invalid(`variations[${i}].variables`)}
                    placeholder="segment=premium"
                    value={r.variables}
                    onChange={(e) => setRow(i, { variables: e.target.value })}
                  />
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove variation ${i + 1}`}
                    disabled={rows.length <= 2}
                    title={rows.length <= 2 ? 'A test has at least two variations' : 'Remove this variation'}
                    icon={<Trash2 size={13} aria-hidden="true" />}
                    onClick={() => setRows(rows.filter((_, j) => j !== i))}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <datalist id="abtest-configurations">
        {(profile?.configurationIds ?? []).map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <div className="ws-form__row">
        <Button
          size="sm"
          variant="ghost"
          icon={<Plus size={13} aria-hidden="true" />}
          onClick={() => setRows([...rows, { id: `variant-${rows.length}`, weight: '0', configurationId: '', variables: '' }])}
        >
          Add variation
        </Button>
        <span
          className={`small ${total === 100 ? 'muted' : 'abtest-form__off'}${bad.has('variations') ? ' is-invalid' : ''}`}
          data-testid="abtest-weights"
        >
          Weights add up to {total}%{total === 100 ? '' : ' — make them 100'}
        </span>
      </div>
      {warning ? (
        <p className="diag diag--warning small" role="status" data-testid="abtest-reshuffle">
          {warning}
        </p>
      ) : null}
      {tried && checked.issues.length ? (
        <ul className="diag diag--error abtest-form__issues" role="alert">
          {checked.issues.map((issue, i) => (
            <li key={i}>{issue.path ? `${fieldWords(issue.path)}: ${issue.message}` : issue.message}</li>
          ))}
        </ul>
      ) : null}
      {save.error ? (
        <p className="diag diag--error" role="alert">
          {save.error.message}
        </p>
      ) : null}
      <div className="ws-form__row">
        <Button type="submit" size="sm" variant="primary" icon={<Save size={13} aria-hidden="true" />} disabled={busy}>
          {file ? 'Save' : 'Create test'}
        </Button>
        <Button size="sm" variant="ghost" onClick={closeAbEditor}>
          Cancel
        </Button>
        <span className="small muted">
          {file ? <span className="mono">ab-tests/{file}</span> : 'Saved under ab-tests/ in the workspace'} · Ctrl+Enter saves
        </span>
      </div>
    </form>
  );
}
