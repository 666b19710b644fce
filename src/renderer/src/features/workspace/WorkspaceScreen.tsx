import {
  FileText,
  FlaskConical,
  FolderGit2,
  Gavel,
  History,
  ListChecks,
  Play,
  Plus,
  RefreshCw,
  Scale,
  ShoppingCart,
  Trash2,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ExportFormat } from '@shared/judgments';
import { KIND_LABELS, type WorkspaceItem, type WorkspaceKind } from '@shared/workspace';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { downloadText } from '../../components/download';
import { formatAgo } from '@shared/text';
import { useAppStore } from '../../store/store';
import { AgreementPanel, JudgingQueue } from '../judgments';
import { NewExperiment } from './NewExperiment';
import { RunsPanel } from '../runs';
import { OnTrafficPanel } from '../estimates';
import { TrafficPanel } from '../traffic';
import { SuitePanel } from '../assertions';
import './workspace.css';
import { NewQuerySet, NewJudgments } from './CreateForms';
import { QuerySetPanel } from './QuerySetPages';

const EXPORTS: { format: ExportFormat; label: string }[] = [
  { format: 'quepid', label: 'Quepid CSV' },
  { format: 'trec', label: 'TREC qrels' },
  { format: 'rre', label: 'RRE JSON' },
];

/** Delete with a second click to confirm, so one slip never loses a file. */
function DeleteButton({ item }: { item: WorkspaceItem }) {
  const [confirm, setConfirm] = useState(false);
  const remove = useAppStore((s) => s.deleteWorkspaceFile);
  if (confirm)
    return (
      <span className="ws-confirm">
        <span className="small">Delete {item.file}?</span>
        <Button size="sm" variant="danger" onClick={() => void remove(item.kind, item.file, item.name)}>
          Delete
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirm(false)}>
          Keep
        </Button>
      </span>
    );
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={`Delete ${item.name}`}
      title="Delete this file"
      icon={<Trash2 size={13} aria-hidden="true" />}
      onClick={() => setConfirm(true)}
    />
  );
}

function ItemRow({ item, actions }: { item: WorkspaceItem; actions?: ReactNode }) {
  return (
    <li className={`ws-item${item.problem ? ' is-foreign' : ''}`}>
      <div className="ws-item__text">
        <span className="ws-item__name">{item.name}</span>
        <span className="ws-item__meta small muted">
          <span className="mono">{item.file}</span>
          {item.summary ? ` · ${item.summary}` : ''}
          {item.updatedAt ? ` · ${formatAgo(item.updatedAt)}` : ''}
        </span>
        {item.problem ? (
          <span className="small ws-item__problem">
            <span className="badge badge--muted">not a workbench file</span> {item.problem} It is left alone.
          </span>
        ) : null}
      </div>
      {item.problem ? null : (
        <div className="ws-item__actions">
          {actions}
          <DeleteButton item={item} />
        </div>
      )}
    </li>
  );
}

/** The last change's message, where it shows (the card of the kind it concerns, or by the folder). */
function OpMessage({ at }: { at: WorkspaceKind | 'folder' }) {
  const op = useAppStore((s) => s.workspaceOp);
  const where = useAppStore((s) => s.workspaceOpAt);
  if (where !== at) return null;
  if (op.status === 'error' && op.error)
    return (
      <p className="diag diag--error ws-message" role="alert" data-testid="ws-message">
        {op.error.message}
      </p>
    );
  if (op.status === 'done' && op.result)
    return (
      <p className="diag diag--info ws-message" role="status" data-testid="ws-message">
        {op.result}
      </p>
    );
  return null;
}

function KindCard({
  kind,
  icon,
  items,
  empty,
  tools,
  children,
  actions,
}: {
  kind: WorkspaceKind;
  icon: ReactNode;
  items: WorkspaceItem[];
  empty: ReactNode;
  tools?: ReactNode;
  children?: ReactNode;
  actions?: (item: WorkspaceItem) => ReactNode;
}) {
  return (
    <section className="ws-card" aria-label={KIND_LABELS[kind]}>
      <header className="ws-card__head">
        {icon}
        <h2 className="ws-card__title">
          {KIND_LABELS[kind]} <span className="badge badge--muted">{items.length}</span>
        </h2>
        <span className="ws-card__folder small muted mono">{kind}/</span>
        <div className="ws-card__tools">{tools}</div>
      </header>
      {children}
      <OpMessage at={kind} />
      {items.length === 0 ? <p className="muted small ws-card__empty">{empty}</p> : null}
      <ul className="ws-list">
        {items.map((item) => (
          <ItemRow key={item.file} item={item} actions={actions?.(item)} />
        ))}
      </ul>
    </section>
  );
}

/** The workspace folder by kind: what is there, what each holds, and what to do with it. */
export default function WorkspaceScreen() {
  const listing = useAppStore((s) => s.workspaceList);
  const op = useAppStore((s) => s.workspaceOp);
  const judging = useAppStore((s) => s.queue.status !== 'idle');
  const agreementFor = useAppStore((s) => s.agreementFile);
  const { loadWorkspace, openQuerySet, exportJudgments, openSaved, setArea, runExperiment, lastExperimentRun, openQueue, addDemoFiles } =
    useAppStore.getState();
  const [adding, setAdding] = useState<'query-set' | 'judgments' | 'experiment' | null>(null);
  const busy = op.status === 'sending';
  /** Shows a batch (an experiment's run) on the Compare screen. */
  const showBatch = async (id: string | null) => {
    if (!id) return;
    setArea('compare');
    await useAppStore.getState().openBatch(id);
  };

  // A message ends with the screen: what it announced (a run started, a list refused) is over once the user leaves.
  useEffect(() => () => useAppStore.getState().clearWorkspaceOp(), []);

  // Files change on disk (git pull, another editor): read the folder again whenever the window comes back.
  useEffect(() => {
    void loadWorkspace();
    const onFocus = () => void loadWorkspace();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [loadWorkspace]);

  const ws = listing.result;
  if (agreementFor)
    return (
      <div className="workspace-screen">
        <AgreementPanel />
      </div>
    );
  if (judging)
    return (
      <div className="workspace-screen">
        <JudgingQueue />
      </div>
    );
  if (!ws) {
    if (listing.error)
      return (
        <p className="diag diag--error" role="alert">
          The workspace could not be read: {listing.error.message}
        </p>
      );
    return <div className="screen-loading" role="status" aria-busy="true" aria-label="Loading" />;
  }
  return (
    <div className="workspace-screen">
      <div className="ws-toolbar">
        <FolderGit2 size={16} aria-hidden="true" />
        <span className="small muted">Folder</span>
        <span className="mono ws-toolbar__folder" title={ws.folder}>
          {ws.folder}
        </span>
        <CopyButton label="Copy path" text={ws.folder} />
        <Button size="sm" variant="ghost" onClick={() => setArea('settings')}>
          Change…
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void addDemoFiles()}
          disabled={busy}
          title="The Local demo's query set, judgment list and experiment, written where they are missing (nothing is overwritten)"
        >
          Add demo files
        </Button>
        <Button
          size="sm"
          onClick={() => void loadWorkspace()}
          disabled={listing.status === 'sending'}
          icon={<RefreshCw size={13} aria-hidden="true" className={listing.status === 'sending' ? 'spin' : undefined} />}
        >
          Refresh
        </Button>
      </div>
      <OpMessage at="folder" />
      <p className="small muted ws-intro">
        Every file here is pretty-printed JSON with a <span className="mono">format</span> and <span className="mono">version</span>,
        written atomically — keep the folder in git and review changes as diffs. Files the app did not write are listed and left alone.
      </p>
      <RunsPanel />
      <OnTrafficPanel kind="experiment" />
      <TrafficPanel />
      <div className="ws-grid">
        <KindCard
          kind="query-sets"
          icon={<ListChecks size={16} aria-hidden="true" />}
          items={ws.items['query-sets']}
          empty="No query set yet. Create one from a pasted list, a text or CSV file, or the queries searched lately."
          tools={
            <Button size="sm" variant="primary" icon={<Plus size={13} aria-hidden="true" />} onClick={() => setAdding('query-set')}>
              New
            </Button>
          }
          actions={(item) => (
            <Button size="sm" variant="ghost" onClick={() => void openQuerySet(item.file)}>
              Queries
            </Button>
          )}
        >
          {adding === 'query-set' ? <NewQuerySet onDone={() => setAdding(null)} /> : null}
          <QuerySetPanel />
        </KindCard>
        <KindCard
          kind="judgments"
          icon={<Scale size={16} aria-hidden="true" />}
          items={ws.items.judgments}
          empty="No judgment list yet. Import one from Quepid, TREC qrels or RRE, or start an empty one."
          tools={
            <Button size="sm" variant="primary" icon={<Plus size={13} aria-hidden="true" />} onClick={() => setAdding('judgments')}>
              New
            </Button>
          }
          actions={(item) => (
            <>
              <Button
                size="sm"
                variant="ghost"
                title="How far the list's raters agree, and the items they disagree on"
                onClick={() => void useAppStore.getState().openAgreement(item.file)}
              >
                Agreement
              </Button>
              <span className="ws-export" role="group" aria-label={`Export ${item.name}`}>
                <span className="small muted">Export</span>
                {EXPORTS.map((e) => (
                  <Button
                    key={e.format}
                    size="sm"
                    variant="ghost"
                    title={`Download as ${e.label}`}
                    onClick={async () => {
                      const out = await exportJudgments(item.file, e.format);
                      if (out) downloadText(out.fileName, out.content, out.mime);
                    }}
                  >
                    {e.label}
                  </Button>
                ))}
              </span>
            </>
          )}
        >
          {adding === 'judgments' ? <NewJudgments onDone={() => setAdding(null)} /> : null}
        </KindCard>
        <KindCard
          kind="requests"
          icon={<FileText size={16} aria-hidden="true" />}
          items={ws.items.requests}
          empty="No saved request yet. Save one from the Search screen (Saved → Save current)."
          actions={(item) => (
            <Button
              size="sm"
              variant="ghost"
              onClick={async () => {
                await openSaved(item.file);
              }}
            >
              Open
            </Button>
          )}
        />
        <KindCard
          kind="experiments"
          icon={<FlaskConical size={16} aria-hidden="true" />}
          items={ws.items.experiments}
          empty="No experiment yet: an experiment runs a query set on two sides against a judgment list and says which side is better."
          tools={
            <Button size="sm" variant="primary" icon={<Plus size={13} aria-hidden="true" />} onClick={() => setAdding('experiment')}>
              New
            </Button>
          }
          actions={(item) => (
            <>
              <Button
                size="sm"
                variant="ghost"
                icon={<Play size={13} aria-hidden="true" />}
                disabled={busy}
                title="Run the query set on both sides now (a batch comparison; progress shows on the Compare screen)"
                onClick={async () => {
                  const run = await runExperiment(item.file);
                  // What was changed to run it is said with the batch it concerns, on the Compare screen.
                  if (run?.notice) useAppStore.getState().noteBatch(run.id, run.notice);
                  await showBatch(run?.id ?? null);
                }}
              >
                Run
              </Button>
              <Button size="sm" variant="ghost" disabled={busy} onClick={async () => showBatch(await lastExperimentRun(item.file))}>
                Last run
              </Button>
              <Button
                size="sm"
                variant="ghost"
                icon={<History size={13} aria-hidden="true" />}
                title="Every run of this experiment over time: quality per run with intervals, a baseline, runs worse than it"
                onClick={() => void useAppStore.getState().openRuns(item.file)}
              >
                Runs
              </Button>
              <Button
                size="sm"
                variant="ghost"
                icon={<ShoppingCart size={13} aria-hidden="true" />}
                title="What side B would have earned on the shopper traffic logged under side A: clicks@10 by the click model, IPS, SNIPS and doubly robust, with intervals and coverage"
                onClick={() => void useAppStore.getState().openOnTraffic({ kind: 'experiment', file: item.file })}
              >
                On traffic
              </Button>
              <Button
                size="sm"
                variant="ghost"
                icon={<Gavel size={13} aria-hidden="true" />}
                title="Rate the unrated items of both sides' top k of the last run, one query at a time"
                onClick={() => void openQueue(item.file)}
              >
                Judge
              </Button>
            </>
          )}
        >
          {adding === 'experiment' ? <NewExperiment listing={ws} onDone={() => setAdding(null)} /> : null}
        </KindCard>
        <SuitePanel />
      </div>
    </div>
  );
}
