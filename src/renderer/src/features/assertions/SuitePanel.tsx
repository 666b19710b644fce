import { ExternalLink, FolderOpen, Play, RotateCw, Square } from 'lucide-react';
import { useState } from 'react';
import type { CaseResult } from '@shared/assertions';
import { canonicalJson } from '@shared/workspace';
import { oneCause } from '@shared/diagnostics';
import type { SavedRequestView } from '@shared/search';
import { workbench } from '../../bridge';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { useAppStore } from '../../store/store';
import './assertions.css';
import { DiagnosticLine } from '../../components/Field';
import { configurationWarning } from '../../request-ui/configuration-warning';

const hasFailure = (r: CaseResult) => !!r.error || r.assertions.some((a) => a.status === 'failed');

/** A suite's requests with a failure or an error first, then in the order they ran. */
export function failuresFirst(results: readonly CaseResult[]): CaseResult[] {
  return [...results.filter(hasFailure), ...results.filter((r) => !hasFailure(r))];
}

/** The items a case's failed assertions are about: pointed out when the request is opened. */
const failingItems = (r: CaseResult) => [...new Set(r.assertions.filter((a) => a.status === 'failed').flatMap((a) => a.items ?? []))];

/**
 * The workspace's regression suite: every request file and query set with expectations, run against a profile
 * (and, when given, one configuration id for all), with progress; requests with a failure first, each opening
 * in its screen with the failing items pointed out.
 */
export function SuitePanel() {
  const run = useAppStore((s) => s.suiteRun);
  const progress = useAppStore((s) => s.suiteProgress);
  const runSuite = useAppStore((s) => s.runSuite);
  const cancel = useAppStore((s) => s.cancelSuite);
  const profiles = useAppStore((s) => s.profiles?.profiles ?? []);
  const active = useAppStore((s) => s.activeProfile());
  const openTab = useAppStore((s) => s.openTab);
  const setArea = useAppStore((s) => s.setArea);
  const desktop = useAppStore((s) => s.appInfo?.transport === 'electron');
  const workspaceDir = useAppStore((s) => s.settings?.workspaceDir);
  const [profileId, setProfileId] = useState('');
  const [config, setConfig] = useState('');
  const [folder, setFolder] = useState('');
  const [pickError, setPickError] = useState<string | null>(null);
  const running = run.status === 'sending';
  const shown = run.result;
  // Every request failed, and for one reason (a configuration id the service does not know): said once, with the count.
  const cause = shown ? oneCause(shown.results.map((r) => r.error)) : null;
  const start = (resume = false) =>
    void runSuite({ ...(profileId ? { profileId } : {}), configurationId: config, folder, ...(resume ? { resume } : {}) });
  const choose = async () => {
    setPickError(null);
    const picked = await workbench().settings.choosePath({ purpose: 'suite-folder' });
    if (!picked.ok) setPickError(picked.error.message);
    else if (picked.value.path) setFolder(picked.value.path);
  };

  const send = useAppStore((s) => s.send);
  const loadSuggest = useAppStore((s) => s.loadSuggest);
  const loadAutocomplete = useAppStore((s) => s.loadAutocomplete);
  /** Opens a request as it ran (its configuration too) in its screen, sends it, and points out the failing items. */
  const open = async (r: CaseResult) => {
    const [dir, file] = r.file.split('/');
    let saved: SavedRequestView | null = null;
    // A file of the workspace: its expectations come along, and can be saved back (a chosen folder's are shown as run).
    if (shown?.inWorkspace && dir === 'requests' && file) {
      const read = await workbench().saved.read({ file });
      if (read.ok && read.value.kind === r.kind) saved = read.value;
    }
    // Saving expectations back goes to the file only when the request on screen is the file's own (no override).
    const same = !!saved && canonicalJson(saved.request) === canonicalJson(r.request);
    const origin = `Suite · ${r.file}${same ? '' : ' (as run)'}`;
    const expect = saved?.expect ? { expect: saved.expect } : {};
    const savedRef = same && saved && file ? { saved: { file, name: saved.name } } : {};
    if (r.kind === 'suggest') return loadSuggest(r.request, { origin, ...expect, ...savedRef });
    if (r.kind === 'autocomplete') return loadAutocomplete(r.request, { ...expect, ...savedRef });
    const id = openTab({
      request: r.request,
      title: r.name,
      origin,
      highlight: failingItems(r),
      ...expect,
      ...savedRef,
    });
    setArea('search');
    await send(id);
  };

  return (
    <section className="ws-card suite-run" aria-label="Regression suite" data-testid="suite-panel">
      <header className="ws-card__head">
        <h2 className="ws-card__title">Regression suite</h2>
        <span className="ws-card__folder small muted">request files and query sets with expectations</span>
      </header>
      <div className="suite-run__form">
        <label className="field">
          <span className="field__label small">Profile</span>
          <select className="input" value={profileId} onChange={(e) => setProfileId(e.target.value)} disabled={running}>
            <option value="">{active ? `${active.name} (active)` : 'The active profile'}</option>
            {profiles
              .filter((p) => p.id !== active?.id)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label small">Configuration id</span>
          <input
            className="input mono"
            placeholder="each request’s own"
            value={config}
            disabled={running}
            onChange={(e) => setConfig(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !running) start();
            }}
          />
          {configurationWarning(
            config,
            profiles.find((p) => p.id === (profileId || active?.id)),
          ).map((d) => (
            <DiagnosticLine key={d.code} diagnostic={d} />
          ))}
        </label>
        <label className="field suite-run__folder">
          <span className="field__label small">Folder</span>
          <input
            className="input mono"
            placeholder={workspaceDir ? `the workspace (${workspaceDir})` : 'the workspace folder'}
            title="An absolute path to a folder of request files and query sets with expectations; empty runs the workspace"
            value={folder}
            disabled={running}
            spellCheck={false}
            onChange={(e) => setFolder(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !running) start();
            }}
          />
        </label>
        {desktop ? (
          <Button variant="ghost" icon={<FolderOpen size={13} aria-hidden="true" />} disabled={running} onClick={() => void choose()}>
            Choose…
          </Button>
        ) : null}
        {running ? (
          <Button variant="secondary" icon={<Square size={13} aria-hidden="true" />} onClick={cancel}>
            Cancel
          </Button>
        ) : (
          <>
            <Button variant="primary" icon={<Play size={13} aria-hidden="true" />} onClick={() => start()}>
              Run suite
            </Button>
            {shown && shown.left > 0 && !cause ? (
              <Button
                variant="secondary"
                icon={<RotateCw size={13} aria-hidden="true" />}
                title="Runs only the requests the last run did not reach or could not run, and keeps the rest of its results"
                onClick={() => start(true)}
              >
                Resume ({shown.left} left)
              </Button>
            ) : null}
          </>
        )}
      </div>
      {pickError ? <p className="diag diag--error small">{pickError}</p> : null}
      {running ? (
        <div role="status" aria-live="polite">
          <ProgressBar label="Suite progress" value={progress?.done ?? 0} max={progress?.total ?? 1} />
          <span className="small muted">
            {progress ? `${progress.done} of ${progress.total} requests · ${progress.failed} assertions failed` : 'Reading the suite…'}
          </span>
        </div>
      ) : null}
      {run.error ? <p className="diag diag--error">{run.error.message}</p> : null}
      {!shown && !running ? (
        <p className="muted small">
          Runs every request file and query set of this workspace that has expectations. Add expectations on the Search screen (Expect… on
          an answer or a result) and save the request.
        </p>
      ) : null}
      {shown && !running ? (
        <>
          <p className={`small ${shown.summary.exitCode === 0 ? 'muted' : 'expect-summary--failed'}`} data-testid="suite-summary">
            {shown.summary.assertions} assertions: {shown.summary.passed} passed, {shown.summary.failed} failed, {shown.summary.errors}{' '}
            could not run · {shown.summary.requests} requests against {shown.profileName}
            {shown.target.includes('configuration ') ? `, ${shown.target.slice(shown.target.indexOf('configuration '))}` : ''}
            {shown.stopped ? ' · cancelled before the end' : ''}
            {shown.inWorkspace ? '' : ` · ${shown.folder}`}
          </p>
          {shown.fileErrors.map((e) => (
            <p key={e.file} className="diag diag--error small">
              {e.message}
            </p>
          ))}
          {cause ? (
            <p className="diag diag--error" role="alert" data-testid="suite-one-cause">
              All {cause.count} requests could not run, for one reason: {cause.message} Running them again would fail the same way: fix the
              cause (the configuration id, the profile or its token), then Run suite.
            </p>
          ) : (
            <ul className="stack-list" data-testid="suite-results">
              {failuresFirst(shown.results).map((r, i) => {
                const failed = hasFailure(r);
                return (
                  <li key={`${r.file}:${r.name}:${i}`} className={`suite-case${failed ? ' is-failed' : ''}`} data-testid="suite-case">
                    <div className="suite-case__head">
                      <span className={`badge expect-badge expect-badge--${r.error ? 'failed' : failed ? 'failed' : 'passed'}`}>
                        {r.error ? 'error' : failed ? 'failed' : 'passed'}
                      </span>
                      <span className="suite-case__name">{r.name}</span>
                      <span className="small muted mono">{r.file}</span>
                      <Button
                        size="sm"
                        variant="ghost"
                        icon={<ExternalLink size={13} aria-hidden="true" />}
                        title={`Opens the request as it ran in ${r.kind === 'search' ? 'Search' : r.kind === 'suggest' ? 'Suggest' : 'Autocomplete'}`}
                        onClick={() => void open(r)}
                      >
                        Open
                      </Button>
                    </div>
                    {failed ? (
                      <ul className="suite-case__assertions">
                        {r.error ? <li className="small">could not run: {r.error}</li> : null}
                        {r.assertions
                          .filter((a) => a.status === 'failed' && !r.error)
                          .map((a) => (
                            <li key={a.index} className="small">
                              <strong>expected {a.label}</strong> — <span className="muted">{a.message}</span>
                            </li>
                          ))}
                      </ul>
                    ) : (
                      <span className="small muted">{r.assertions.length} passed</span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
