import { FolderOpen, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { SettingsPatch } from '@shared/settings';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Field } from '../../components/Field';
import { Segmented } from '../../components/Segmented';
import { useAppStore } from '../../store/store';
import { Section } from '../../request-ui/Section';
import { fieldOfPurpose, type PathPurpose, type SettingField, type SettingsSlice } from './settings-slice';
import './settings.css';

type FieldState = Partial<Record<SettingField, { level: 'ok' | 'error'; message: string }>>;

/** What each field shows: its last save's confirmation or error, or its picker's error. */
function fieldStates(saves: SettingsSlice['settingSaves'], choices: SettingsSlice['pathChoices']): FieldState {
  const out: FieldState = {};
  for (const [field, call] of Object.entries(saves) as [SettingField, (typeof saves)[SettingField]][]) {
    if (call?.status === 'error' && call.error) out[field] = { level: 'error', message: call.error.message };
    else if (call?.status === 'done' && call.result) out[field] = { level: 'ok', message: call.result };
  }
  for (const purpose of ['ca-certificate', 'workspace-folder'] as const) {
    const call = choices[purpose];
    if (call?.status === 'error' && call.error) out[fieldOfPurpose(purpose)] = { level: 'error', message: call.error.message };
  }
  return out;
}

function diag(state: FieldState[keyof FieldState], path: string) {
  return state
    ? [{ path, severity: state.level === 'ok' ? ('info' as const) : ('error' as const), code: 'settings', message: state.message }]
    : [];
}

/** A number field that is saved when it is left or Enter is pressed, checked against the same schema as main. */
function NumberSetting({
  id,
  label,
  value,
  unit,
  scale = 1,
  hint,
  onCommit,
  state,
}: {
  id: string;
  label: string;
  value: number;
  unit: string;
  scale?: number;
  hint: string;
  /** Saves the value; false keeps what was typed on screen, next to its error. */
  onCommit: (value: number) => Promise<boolean>;
  state: FieldState[keyof FieldState];
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = async () => {
    if (draft === null) return;
    const n = Number(draft);
    if (draft.trim() === '' || !Number.isFinite(n) || Math.round(n * scale) === value) return setDraft(null);
    if (await onCommit(Math.round(n * scale))) setDraft(null);
  };
  return (
    <Field label={label} htmlFor={id} hint={hint} diagnostics={diag(state, id)}>
      <div className="setting-number">
        <input
          id={id}
          className="input input--sm"
          type="number"
          value={draft ?? String(value / scale)}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(e) => e.key === 'Enter' && void commit()}
        />
        <span className="muted small">{unit}</span>
      </div>
    </Field>
  );
}

/** Opens the native picker (desktop only) and hands on the chosen path. */
function ChooseButton({
  label,
  onClick,
  onChosen,
}: {
  label: string;
  onClick: () => Promise<string | null>;
  onChosen: (path: string) => Promise<unknown>;
}) {
  return (
    <Button
      size="sm"
      variant="ghost"
      icon={<FolderOpen size={13} aria-hidden="true" />}
      onClick={async () => {
        const path = await onClick();
        if (path) await onChosen(path);
      }}
    >
      {label}
    </Button>
  );
}

/** Preferences kept by main: theme, timeouts, history, certificates, the saved-requests folder; and what the app found. */
export default function SettingsScreen() {
  const settings = useAppStore((s) => s.settings);
  const info = useAppStore((s) => s.appInfo);
  const saves = useAppStore((s) => s.settingSaves);
  const choices = useAppStore((s) => s.pathChoices);
  const { setTheme, saveSetting, rejectSetting, choosePath } = useAppStore.getState();
  const state = useMemo(() => fieldStates(saves, choices), [saves, choices]);
  const [caDraft, setCaDraft] = useState('');
  const [folderDraft, setFolderDraft] = useState<string | null>(null);
  const desktop = info?.transport === 'electron';

  if (!settings || !info) return <div className="screen-loading" role="status" aria-busy="true" aria-label="Loading" />;

  const update = (patch: SettingsPatch, field: SettingField, ok: string) => saveSetting(field, patch, ok);
  const choose = (purpose: PathPurpose) => choosePath(purpose);

  const addCa = async (path: string) => {
    const file = path.trim();
    if (!file) return;
    if (settings.extraCaCertificates.includes(file)) {
      rejectSetting('extraCaCertificates', `${file} is already in the list.`);
      return;
    }
    if (await update({ extraCaCertificates: [...settings.extraCaCertificates, file] }, 'extraCaCertificates', `Trusted ${file}.`))
      setCaDraft('');
  };

  const proxy = info.proxy;
  return (
    <div className="settings-screen">
      <div className="settings-column">
        <Section title="Appearance">
          <Field label="Theme" hint="System follows the operating system's light or dark mode.">
            <Segmented
              label="Theme"
              value={settings.theme}
              onChange={(t) => void setTheme(t)}
              options={[
                { value: 'system', label: 'System' },
                { value: 'light', label: 'Light' },
                { value: 'dark', label: 'Dark' },
              ]}
            />
          </Field>
        </Section>

        <Section title="Requests">
          <div className="grid-2">
            <NumberSetting
              id="setting-timeout"
              label="Request timeout"
              value={settings.requestTimeoutMs}
              unit="seconds"
              scale={1000}
              hint="How long one request to a service may take, 1 to 300 seconds."
              onCommit={(v) => update({ requestTimeoutMs: v }, 'requestTimeoutMs', 'Saved.')}
              state={state.requestTimeoutMs}
            />
            <NumberSetting
              id="setting-history"
              label="History size"
              value={settings.historySize}
              unit="requests"
              hint="How many sent requests the history keeps, 10 to 10,000; the oldest go first."
              onCommit={(v) => update({ historySize: v }, 'historySize', 'Saved.')}
              state={state.historySize}
            />
          </div>
          <Field
            label="Workspace folder"
            htmlFor="setting-folder"
            hint={
              settings.workspaceDir
                ? 'Requests, query sets, judgment lists and experiments live here as JSON files, one subfolder each — a git checkout works well.'
                : `Empty: a folder in the app's data folder (${info.dataDir}). To use another (a git checkout, say), give the absolute path of an existing folder.`
            }
            diagnostics={diag(state.workspaceDir, 'setting-folder')}
          >
            <div className="setting-path">
              <input
                id="setting-folder"
                className="input input--sm mono"
                value={folderDraft ?? settings.workspaceDir}
                placeholder="/absolute/path/to/a/folder"
                onChange={(e) => setFolderDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && folderDraft !== null)
                    void update({ workspaceDir: folderDraft.trim() }, 'workspaceDir', 'Saved: the workspace now lives there.').then(
                      (ok) => ok && setFolderDraft(null),
                    );
                }}
              />
              {folderDraft !== null ? (
                <Button
                  size="sm"
                  onClick={() =>
                    void update({ workspaceDir: folderDraft.trim() }, 'workspaceDir', 'Saved: the workspace now lives there.').then(
                      (ok) => ok && setFolderDraft(null),
                    )
                  }
                >
                  Save
                </Button>
              ) : null}
              {desktop ? (
                <ChooseButton
                  label="Choose…"
                  onClick={() => choose('workspace-folder')}
                  onChosen={(path) => update({ workspaceDir: path }, 'workspaceDir', 'Saved: the workspace now lives there.')}
                />
              ) : null}
            </div>
          </Field>
        </Section>

        <Section title="Network">
          <Field
            label="Extra CA certificates"
            htmlFor="setting-ca"
            hint="PEM files of certificate authorities to trust on top of the built-in roots (a corporate TLS proxy, a private CA). Each file is read and checked before it is trusted."
            diagnostics={diag(state.extraCaCertificates, 'setting-ca')}
          >
            {settings.extraCaCertificates.length > 0 ? (
              <ul className="plain-list ca-list" aria-label="Trusted extra CA files">
                {settings.extraCaCertificates.map((file) => (
                  <li key={file}>
                    <span className="mono small">{file}</span>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Stop trusting ${file}`}
                      icon={<Trash2 size={13} aria-hidden="true" />}
                      onClick={() =>
                        void update(
                          { extraCaCertificates: settings.extraCaCertificates.filter((f) => f !== file) },
                          'extraCaCertificates',
                          `No longer trusting ${file}.`,
                        )
                      }
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted small">None: only the built-in roots are trusted.</p>
            )}
            <div className="setting-path">
              <input
                id="setting-ca"
                className="input input--sm mono"
                value={caDraft}
                placeholder="/path/to/company-root-ca.pem"
                onChange={(e) => setCaDraft(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && void addCa(caDraft)}
              />
              <Button size="sm" onClick={() => void addCa(caDraft)} disabled={!caDraft.trim()} icon={<Plus size={13} aria-hidden="true" />}>
                Add
              </Button>
              {desktop ? <ChooseButton label="Choose file…" onClick={() => choose('ca-certificate')} onChosen={addCa} /> : null}
            </div>
          </Field>
          <Field
            label="Proxy"
            hint="Read from the environment main started with (HTTPS_PROXY, HTTP_PROXY, NO_PROXY); every request goes through it."
          >
            <table className="kv" data-testid="proxy">
              <tbody>
                <tr>
                  <th>HTTPS_PROXY</th>
                  <td className="mono">{proxy.httpsProxy ?? 'not set'}</td>
                </tr>
                <tr>
                  <th>HTTP_PROXY</th>
                  <td className="mono">{proxy.httpProxy ?? 'not set'}</td>
                </tr>
                <tr>
                  <th>NO_PROXY</th>
                  <td className="mono">{proxy.noProxy ?? 'not set'}</td>
                </tr>
              </tbody>
            </table>
          </Field>
        </Section>

        <Section title="About this installation">
          <table className="kv">
            <tbody>
              <tr>
                <th>Version</th>
                <td>
                  {info.name} {info.version} · {info.transport === 'electron' ? 'desktop' : 'browser mode'} · {info.platform}/{info.arch}
                </td>
              </tr>
              <tr>
                <th>Runtime</th>
                <td className="mono">
                  Node {info.versions.node}
                  {info.versions.electron ? ` · Electron ${info.versions.electron}` : ''}
                  {info.versions.chrome ? ` · Chrome ${info.versions.chrome}` : ''}
                </td>
              </tr>
              <tr>
                <th>Secret store</th>
                <td>{info.secretStore.description}</td>
              </tr>
              <tr>
                <th>Local demo</th>
                <td>
                  {info.localDemo.state === 'ready'
                    ? `running at ${info.localDemo.url}`
                    : info.localDemo.state === 'starting'
                      ? 'starting…'
                      : info.localDemo.message}
                </td>
              </tr>
              <tr>
                <th>Data folder</th>
                <td className="mono">
                  {info.dataDir} <CopyButton label="Copy" text={info.dataDir} />
                </td>
              </tr>
            </tbody>
          </table>
        </Section>
      </div>
    </div>
  );
}
