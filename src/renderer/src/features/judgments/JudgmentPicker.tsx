import { Scale } from 'lucide-react';
import { useEffect } from 'react';
import { useAppStore } from '../../store/store';

/**
 * Picks the judgment list Search and Compare show ratings from and rate
 * into (kept in settings). Reads the workspace's lists when it opens.
 */
export function JudgmentPicker() {
  const active = useAppStore((s) => s.settings?.activeJudgments ?? '');
  const lists = useAppStore((s) => s.workspaceList.result?.items.judgments);
  const ratings = useAppStore((s) => s.activeRatings);
  const { loadWorkspace, loadActiveRatings, setActiveJudgments } = useAppStore.getState();

  useEffect(() => {
    if (!useAppStore.getState().workspaceList.result) void loadWorkspace();
  }, [loadWorkspace]);
  useEffect(() => {
    if (useAppStore.getState().activeRatings.result?.file !== active) void loadActiveRatings();
  }, [active, loadActiveRatings]);

  const own = (lists ?? []).filter((l) => !l.problem);
  const missing = active && lists && !own.some((l) => l.file === active);
  return (
    <label
      className="judgment-picker"
      title="The judgment list whose ratings show beside each result; focus a result and press a digit to rate it"
    >
      <Scale size={14} aria-hidden="true" />
      <span className="visually-hidden">Judgment list</span>
      <select
        className="input input--sm"
        aria-label="Judgment list"
        value={active}
        onChange={(e) => void setActiveJudgments(e.target.value)}
        aria-invalid={ratings.status === 'error' || !!missing}
      >
        <option value="">No ratings</option>
        {missing ? <option value={active}>{active} (not found)</option> : null}
        {own.map((l) => (
          <option key={l.file} value={l.file}>
            {l.name}
          </option>
        ))}
      </select>
      {ratings.error ? <span className="small diag--error">{ratings.error.message}</span> : null}
    </label>
  );
}
