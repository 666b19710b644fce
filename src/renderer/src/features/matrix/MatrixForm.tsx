import { Grid3x3, Play, Plus, Square, X } from 'lucide-react';
import { buildCells, type MatrixProblem } from '@shared/matrix';
import { matrixSpecOf } from './matrix-slice';
import { Button } from '../../components/Button';
import { modKey } from '../../shell/keys';
import { useAppStore } from '../../store/store';

/** The problems of one field, under it (errors are announced). */
function Problems({ problems, field }: { problems: MatrixProblem[]; field: (f: string) => boolean }) {
  const mine = problems.filter((p) => field(p.field));
  return (
    <>
      {mine.map((p) => (
        <p key={`${p.field}:${p.message}`} className="diag diag--error" role="alert">
          {p.message}
        </p>
      ))}
    </>
  );
}

/** The grid's form: queries, axes, configurations, the emulator's hours on Local demo, depth; the budget before sending. */
export function MatrixForm() {
  const m = useAppStore((s) => s.matrix);
  const patch = useAppStore((s) => s.patchMatrix);
  const setAxis = useAppStore((s) => s.setAxis);
  const addAxis = useAppStore((s) => s.addAxis);
  const removeAxis = useAppStore((s) => s.removeAxis);
  const run = useAppStore((s) => s.runMatrix);
  const cancel = useAppStore((s) => s.cancelMatrix);
  const onDemo = useAppStore((s) => {
    const list = s.profiles;
    return !!list?.profiles.find((p) => p.id === list.activeId)?.builtIn;
  });
  const { spec, problems } = matrixSpecOf(m);
  const cells = problems.length ? 0 : buildCells(spec).length;
  const running = m.call.status === 'sending';
  return (
    <form
      className="matrix-form"
      aria-label="Context matrix"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problems.length && !running) void run();
      }}
    >
      <h2 className="batch-form__title">
        <Grid3x3 size={14} aria-hidden="true" /> Context matrix
      </h2>
      <p className="small muted">
        One query (or up to 50) across every combination of context variables and configurations; each cell held against a baseline cell.
      </p>
      <label className="field__label" htmlFor="matrix-queries">
        Queries, one per line
      </label>
      <textarea
        id="matrix-queries"
        className="input mono matrix-form__queries"
        rows={2}
        value={m.queries}
        onChange={(e) => patch({ queries: e.target.value })}
      />
      <Problems problems={problems} field={(f) => f === 'queries'} />
      <fieldset className="matrix-axes">
        <legend className="field__label">Axes: a custom variable and its values (none: left out)</legend>
        {m.axes.map((axis, i) => (
          <div className="matrix-axis" key={i}>
            <input
              className="input input--sm mono"
              aria-label={`Axis ${i + 1} variable`}
              placeholder="e.g. segment"
              value={axis.name}
              onChange={(e) => setAxis(i, { name: e.target.value })}
            />
            <input
              className="input input--sm mono"
              aria-label={`Axis ${i + 1} values`}
              placeholder="e.g. none, premium, outlet"
              value={axis.values}
              onChange={(e) => setAxis(i, { values: e.target.value })}
            />
            <Button
              size="sm"
              variant="ghost"
              icon={<X size={13} aria-hidden="true" />}
              aria-label={`Remove axis ${i + 1}`}
              onClick={() => removeAxis(i)}
            />
            <Problems problems={problems} field={(f) => f.startsWith(`axes[${i}]`)} />
          </div>
        ))}
        <Button size="sm" variant="ghost" icon={<Plus size={13} aria-hidden="true" />} onClick={addAxis}>
          Add axis
        </Button>
      </fieldset>
      <div className="matrix-form__row">
        <label className="small matrix-form__configs">
          Configurations{' '}
          <input
            className="input input--sm mono"
            aria-label="Configurations"
            placeholder="e.g. default, bestsellers"
            value={m.configurations}
            onChange={(e) => patch({ configurations: e.target.value })}
          />
        </label>
        {onDemo ? (
          <label className="small">
            Hours <span className="badge badge--muted">emulator only</span>{' '}
            <input
              className="input input--sm mono"
              aria-label="Hours of the emulator's clock"
              placeholder="e.g. 9, 21"
              value={m.hours}
              onChange={(e) => patch({ hours: e.target.value })}
            />
          </label>
        ) : null}
        <label className="small">
          Depth k{' '}
          <input
            className="input input--sm"
            type="number"
            min={1}
            max={100}
            aria-label="Depth k"
            value={m.k}
            onChange={(e) => patch({ k: Math.max(1, Math.min(100, Number(e.target.value) || 1)) })}
          />
        </label>
      </div>
      <Problems problems={problems} field={(f) => f.startsWith('configurations') || f.startsWith('hours') || f === 'axes'} />
      <div className="matrix-form__go">
        <span className="small" data-testid="matrix-budget">
          {problems.length
            ? 'Fix the fields above to see the budget.'
            : `${cells} cell${cells === 1 ? '' : 's'} × ${spec.queries.length} quer${spec.queries.length === 1 ? 'y' : 'ies'} = ${cells * spec.queries.length} requests`}
        </span>
        {running ? (
          <Button size="sm" variant="danger" icon={<Square size={12} aria-hidden="true" />} onClick={cancel}>
            Cancel
          </Button>
        ) : (
          <Button
            type="submit"
            size="sm"
            variant="primary"
            icon={<Play size={13} aria-hidden="true" />}
            disabled={problems.length > 0}
            title={`${modKey()}+Enter`}
          >
            Run matrix
          </Button>
        )}
      </div>
      {m.call.error ? (
        <p className="diag diag--error" role="alert">
          {m.call.error.message}
        </p>
      ) : null}
    </form>
  );
}
