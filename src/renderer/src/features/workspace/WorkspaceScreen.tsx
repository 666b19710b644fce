import {
  Bot,
  Split,
  Download,
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
  type LucideIcon,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { EXPORT_FORMATS, type ExportFormat, JUDGMENT_FORMAT_NAMES } from '@shared/judgments';
import type { WorkspaceItem, WorkspaceKind } from '@shared/workspace';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { downloadText } from '../../components/download';
import { useAppStore } from '../../store/store';
import { AgreementPanel, JudgingQueue } from '../judgments';
import { AskJudge } from '../llm-judges';
import { NewExperiment } from './NewExperiment';
import { RunsPanel } from '../runs';
import { OnTrafficPanel } from '../estimates';
import { SuitePanel } from '../assertions';
import './workspace.css';
import { NewQuerySet, NewJudgments } from './CreateForms';
import { QuerySetPanel } from './QuerySetPages';
import { KindCard, OpMessage, useFolderListing } from '../../components/KindCard';

/** A list's export: the format chosen from every one other tools read, then downloaded. */
function ExportJudgments({ file, name }: { file: string; name: string }) {
  const [format, setFormat] = useState<ExportFormat>('quepid');
  const exportJudgments = useAppStore((s) => s.exportJudgments);
  return (
    <span className="ws-export" role="group" aria-label={`Export ${name}`}>
      <select
        className="input input--sm"
        aria-label={`Format to export ${name} in`}
        value={format}
        onChange={(e) => setFormat(e.target.value as ExportFormat)}
      >
        {EXPORT_FORMATS.map((f) => (
          <option key={f} value={f}>
            {JUDGMENT_FORMAT_NAMES[f]}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="ghost"
        icon={<Download size={13} aria-hidden="true" />}
        title={`Download ${name} as ${JUDGMENT_FORMAT_NAMES[format]}`}
        onClick={async () => {
          const out = await exportJudgments(file, format);
          if (out) downloadText(out.fileName, out.content, out.mime);
        }}
      >
        Export
      </Button>
    </span>
  );
}

/** The kinds of the workspace, one card each, in the order they show: the icon, and what an empty card says to do. */
/** The kinds this screen lists: A/B tests have a screen of their own (Tests), beside Shoppers. */
type FileKind = Exclude<WorkspaceKind, 'ab-tests'>;
const KINDS: { kind: FileKind; icon: LucideIcon; empty: string }[] = [
  {
    kind: 'query-sets',
    icon: ListChecks,
    empty: 'No query set yet. Create one from a pasted list, a text or CSV file, or the queries searched lately.',
  },
  { kind: 'judgments', icon: Scale, empty: 'No judgment list yet. Import one from Quepid, TREC qrels or RRE, or start an empty one.' },
  { kind: 'requests', icon: FileText, empty: 'No saved request yet. Save one from the Search screen (Saved → Save current).' },
  {
    kind: 'experiments',
    icon: FlaskConical,
    empty: 'No experiment yet: an experiment runs a query set on two sides against a judgment list and says which side is better.',
  },
];

/** The workspace folder by kind: what is there, what each holds, and what to do with it. */
export default function WorkspaceScreen() {
  const listing = useAppStore((s) => s.workspaceList);
  const op = useAppStore((s) => s.workspaceOp);
  const judging = useAppStore((s) => s.queue.status !== 'idle');
  const agreementFor = useAppStore((s) => s.agreementFile);
  const { loadWorkspace, openQuerySet, openSaved, setArea, runExperiment, lastExperimentRun, openQueue, addDemoFiles } =
    useAppStore.getState();
  const [adding, setAdding] = useState<'query-set' | 'judgments' | 'judge' | 'experiment' | null>(null);
  const busy = op.status === 'sending';
  /** Shows a batch (an experiment's run) on the Compare screen. */
  const showBatch = async (id: string | null) => {
    if (!id) return;
    setArea('compare');
    await useAppStore.getState().openBatch(id);
  };

  // A message ends with the screen: what it announced (a run started, a list refused) is over once the user leaves.
  useEffect(() => () => useAppStore.getState().clearWorkspaceOp(), []);

  useFolderListing();

  const ws = listing.result;
  if (agreementFor)
    return (
      <div className="card-screen">
        <AgreementPanel />
      </div>
    );
  if (judging)
    return (
      <div className="card-screen">
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
  /** One action on a file: a small ghost button, its label, what it does, and its icon, title and state when it has them. */
  const act = (label: string, onClick: () => unknown, options: { icon?: LucideIcon; title?: string; disabled?: boolean } = {}) => (
    <Button
      key={label}
      size="sm"
      variant="ghost"
      {...(options.icon ? { icon: <options.icon size={13} aria-hidden="true" /> } : {})}
      {...(options.title ? { title: options.title } : {})}
      disabled={options.disabled ?? false}
      onClick={() => void onClick()}
    >
      {label}
    </Button>
  );
  const newButton = (form: Exclude<NonNullable<typeof adding>, 'judge'>) => (
    <Button size="sm" variant="primary" icon={<Plus size={13} aria-hidden="true" />} onClick={() => setAdding(form)}>
      New
    </Button>
  );
  /** What each kind's card offers beyond its files: its tools, each file's actions, and what opens under it. */
  const parts: Record<FileKind, { tools?: ReactNode; actions: (item: WorkspaceItem) => ReactNode; children?: ReactNode }> = {
    'query-sets': {
      tools: newButton('query-set'),
      actions: (item) => act('Queries', () => openQuerySet(item.file)),
      children: (
        <>
          {adding === 'query-set' ? <NewQuerySet onDone={() => setAdding(null)} /> : null}
          <QuerySetPanel />
        </>
      ),
    },
    judgments: {
      tools: (
        <>
          <Button
            size="sm"
            icon={<Bot size={13} aria-hidden="true" />}
            onClick={() => setAdding('judge')}
            title="Ratings from a language model on a query set's pool"
          >
            Ask a judge
          </Button>
          {newButton('judgments')}
        </>
      ),
      actions: (item) => (
        <>
          {act('Agreement', () => useAppStore.getState().openAgreement(item.file), {
            title: "How far the list's raters agree, and the items they disagree on",
          })}
          <ExportJudgments file={item.file} name={item.name} />
        </>
      ),
      children:
        adding === 'judgments' ? (
          <NewJudgments onDone={() => setAdding(null)} />
        ) : adding === 'judge' ? (
          <AskJudge onDone={() => setAdding(null)} />
        ) : null,
    },
    requests: { actions: (item) => act('Open', () => openSaved(item.file)) },
    experiments: {
      tools: newButton('experiment'),
      actions: (item) => (
        <>
          {act(
            'Run',
            async () => {
              const run = await runExperiment(item.file);
              // What was changed to run it is said with the batch it concerns, on the Compare screen.
              if (run?.notice) useAppStore.getState().noteBatch(run.id, run.notice);
              await showBatch(run?.id ?? null);
            },
            {
              icon: Play,
              disabled: busy,
              title: 'Run the query set on both sides now (a batch comparison; progress shows on the Compare screen)',
            },
          )}
          {act('Last run', async () => showBatch(await lastExperimentRun(item.file)), { disabled: busy })}
          {act('Runs', () => useAppStore.getState().openRuns(item.file), {
            icon: History,
            title: 'Every run of this experiment over time: quality per run with intervals, a baseline, runs worse than it',
          })}
          {act('On traffic', () => useAppStore.getState().openOnTraffic({ kind: 'experiment', file: item.file }), {
            icon: ShoppingCart,
            title:
              'What side B would have earned on the shopper traffic logged under side A: clicks@10 by the click model, IPS, SNIPS and doubly robust, with intervals and coverage',
          })}
          {act('Judge', () => openQueue(item.file), {
            icon: Gavel,
            title: "Rate the unrated items of both sides' top k of the last run, one query at a time",
          })}
        </>
      ),
      children: adding === 'experiment' ? <NewExperiment listing={ws} onDone={() => setAdding(null)} /> : null,
    },
  };
  return (
    <div className="card-screen">
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
      <p className="small muted ws-intro ws-elsewhere">
        The folder&apos;s A/B tests and its shopper traffic have screens of their own:
        <Button size="sm" variant="ghost" icon={<Split size={13} aria-hidden="true" />} onClick={() => setArea('tests')}>
          Tests
        </Button>
        <Button size="sm" variant="ghost" icon={<ShoppingCart size={13} aria-hidden="true" />} onClick={() => setArea('shoppers')}>
          Shoppers
        </Button>
      </p>
      <RunsPanel />
      <OnTrafficPanel kind="experiment" />
      <div className="ws-grid">
        {KINDS.map(({ kind, icon: Icon, empty }) => {
          const { tools, actions, children } = parts[kind];
          return (
            <KindCard
              key={kind}
              kind={kind}
              icon={<Icon size={16} aria-hidden="true" />}
              items={ws.items[kind]}
              empty={empty}
              tools={tools}
              actions={actions}
            >
              {children}
            </KindCard>
          );
        })}
        <SuitePanel />
      </div>
    </div>
  );
}
