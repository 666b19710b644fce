import { ExternalLink, Play, Square } from 'lucide-react';
import { useState } from 'react';
import type { CaseResult } from '@shared/assertions/run';
import type { Assertion } from '@shared/assertions/schema';
import type { SearchRequest } from '@shared/request/types';
import { decodeSearchUrl } from '@shared/url/codec';
import { workbench } from '../../bridge';
import { sameRequest } from '../search/tab-model';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { useAppStore } from '../../store/store';
import './assertions.css';

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
  const [profileId, setProfileId] = useState('');
  const [config, setConfig] = useState('');
  const running = run.status === 'sending';
  const shown = run.result;

  const send = useAppStore((s) => s.send);
  /** Opens a request as it ran (its configuration too), sends it, and points out the failing items. */
  const open = async (r: CaseResult) => {
    const decoded = decodeSearchUrl(r.url);
    if (!decoded.ok) return;
    const highlight = failingItems(r);
    const [folder, file] = r.file.split('/');
    let saved: { expect?: Assertion[]; request: SearchRequest } | null = null;
    if (folder === 'requests' && file) {
      const read = await workbench().saved.read({ file });
      if (read.ok && read.value.kind === 'search') saved = read.value;
    }
    // Saving expectations back goes to the file only when the request on screen is the file's own (no override).
    const same = saved ? sameRequest(saved.request, decoded.request) : false;
    const id = openTab({
      request: decoded.request,
      title: r.name,
      origin: `Suite · ${r.file}${same ? '' : ' (as run)'}`,
      highlight,
      ...(saved?.expect ? { expect: saved.expect } : {}),
      ...(same && file ? { savedFile: file } : {}),
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
              if (e.key === 'Enter' && !running) void runSuite({ ...(profileId ? { profileId } : {}), configurationId: config });
            }}
          />
        </label>
        {running ? (
          <Button variant="secondary" icon={<Square size={13} aria-hidden="true" />} onClick={cancel}>
            Cancel
          </Button>
        ) : (
          <Button
            variant="primary"
            icon={<Play size={13} aria-hidden="true" />}
            onClick={() => void runSuite({ ...(profileId ? { profileId } : {}), configurationId: config })}
          >
            Run suite
          </Button>
        )}
      </div>
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
          </p>
          {shown.fileErrors.map((e) => (
            <p key={e.file} className="diag diag--error small">
              {e.message}
            </p>
          ))}
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
                      onClick={() => void open(r)}
                      disabled={r.kind !== 'search'}
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
                            <strong>{a.label}</strong> — <span className="muted">{a.message}</span>
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
        </>
      ) : null}
    </section>
  );
}
