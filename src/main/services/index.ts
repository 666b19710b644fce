import type { AssertionsService } from './assertions';
import type { ExplainService } from './explain';
import type { MatrixService } from './matrix';
import type { IntentProposer, JudgmentLists } from './judgments';
import type { RunsService } from './runs';
import type { TrafficService } from './traffic';
import type { ClickModelsService } from './click-models';
import type { JudgeService } from './llm-judges';
import type { EstimatesService } from './estimates';
import type { AbTestService } from './abtest';
import type { StartEmulatorOptions } from '../emulator';
import type { AppService, Dialogs } from './app';
import type { CatalogService, CatalogClient } from './catalog';
import type { ProfileActions, ProfileService, TokenClient, LocalDemo } from './profiles';
import type { SearchSession, HistoryService, ImageProxy, SearchClient } from './search';
import type { Notice, Transport } from '../../shared/app';
import type { EventHub } from '../events';
import type { CompareService, Experiments } from './compare';
import type { HttpClient } from './http';
import type { DemoFiles } from './demo';
import type { QuerySets, SavedRequests, Workspace } from './workspace';
import type { SecretStoreChoice, Encryptor } from './secrets';
import type { SettingsService } from './settings';

export type { Dialogs } from './app';

export interface CoreOptions {
  dataDir: string;
  transport: Transport;
  versions?: { electron?: string; chrome?: string };
  log?: (message: string, err?: unknown) => void;
  /** Electron safeStorage, for the secret store's fallback. */
  encryptor?: Encryptor;
  dialogs?: Dialogs;
  /** Use the OS keychain (default true); tests of other backends turn it off. */
  keychain?: boolean;
  /** Keychain service name; tests use their own so they never touch real entries. */
  secretsService?: string;
  /** Start the Local demo emulator (default true), with these options. */
  localDemo?: boolean | StartEmulatorOptions;
  /** Write the demo query set, judgments and experiment into a new install's workspace (default true, with Local demo). */
  demoWorkspace?: boolean;
  /** The shipped week of demo traffic (a traffic store folder), copied into a new install's workspace with the demo files. */
  demoTraffic?: string;
  /** Environment for proxy settings; process.env by default. */
  env?: NodeJS.ProcessEnv;
  now?: () => number;
}

/** Everything the handlers use, built once by createCore. Handlers call one method of one of these. */
export interface Services {
  options: CoreOptions;
  events: EventHub;
  notices: Notice[];
  settings: SettingsService;
  secrets: SecretStoreChoice;
  http: HttpClient;
  images: ImageProxy;
  tokens: TokenClient;
  search: SearchClient;
  catalog: CatalogClient;
  profiles: ProfileService;
  history: HistoryService;
  /** The workspace folder and its files by kind. */
  workspace: Workspace;
  saved: SavedRequests;
  querySets: QuerySets;
  judgments: JudgmentLists;
  experiments: Experiments;
  compare: CompareService;
  /** The workspace's regression suite, run against a profile. */
  assertions: AssertionsService;
  explain: ExplainService;
  /** Context matrices: one query (or a few) across a grid of context variables × configurations. */
  matrix: MatrixService;
  /** Intents proposed for a query set's queries from the catalog's facet values. */
  intents: IntentProposer;
  /** Experiments' runs over time: the trend and the baseline. */
  runs: RunsService;
  /** The workspace's traffic store: what shoppers searched, clicked and bought. */
  traffic: TrafficService;
  /** Click models fitted on the traffic: ratings from what shoppers did. */
  clickModels: ClickModelsService;
  judges: JudgeService;
  /** Configurations estimated on the traffic: what B would have earned on the searches logged under A. */
  estimates: EstimatesService;
  /** A/B tests: workspace files, read from the traffic and planned on it. */
  abtests: AbTestService;
  localDemo: LocalDemo | undefined;
  /** The Local demo's workspace files (query set, judgments, experiment). */
  demoFiles: DemoFiles;
  /** App info and settings. */
  app: AppService;
  /** The renderer's requests: sent, cancellable, recorded in the history. */
  session: SearchSession;
  /** A profile's catalog, token status and connection test. */
  catalogs: CatalogService;
  /** Profile changes with their consequences (events, cached tokens). */
  profileActions: ProfileActions;
}
