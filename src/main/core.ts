import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { Notice } from '../shared/app';
import { EventHub } from './events';
import { appImplementation } from './services/app/operations';
import { compareImplementation } from './services/compare/operations';
import { catalogImplementation } from './services/catalog/operations';
import { profileImplementation } from './services/profiles/operations';
import { searchImplementation } from './services/search/operations';
import { judgmentImplementation } from './services/judgments/operations';
import { settingsImplementation } from './services/settings/operations';
import { removeStaleTemps } from './services/storage';
import { workspaceImplementation } from './services/workspace/operations';
import { assertionImplementation } from './services/assertions/operations';
import { explainImplementation } from './services/explain/operations';
import { matrixImplementation } from './services/matrix/operations';
import { runsImplementation } from './services/runs/operations';
import { trafficImplementation } from './services/traffic/operations';
import { clickModelsImplementation } from './services/click-models/operations';
import { llmJudgeImplementation } from './services/llm-judges/operations';
import { JudgeService } from './services/llm-judges';
import { abtestImplementation } from './services/abtest/operations';
import { estimatesImplementation } from './services/estimates/operations';
import { AssertionsService } from './services/assertions';
import { ExplainService } from './services/explain';
import { profileTargets, HistoryService, ImageProxy, SearchClient, SearchSession } from './services/search';
import { MatrixService } from './services/matrix';
import { IntentProposer, JudgmentLists } from './services/judgments';
import { RunsService } from './services/runs';
import { TrafficService } from './services/traffic';
import { ClickModelsService } from './services/click-models';
import { EstimatesService, TrafficEstimates } from './services/estimates';
import { AbTestService } from './services/abtest';
import { createRouter, type Handlers, type Router } from './router';
import { loadCaCertificates, SettingsService } from './services/settings';
import { CatalogClient, CatalogService } from './services/catalog';
import { HttpClient, Redactor } from './services/http';
import { DemoFiles } from './services/demo';
import { LocalDemo, ProfileService, ProfileActions, TokenClient } from './services/profiles';
import { batchQuality } from '../shared/compare';
import { indexRatings } from '../shared/judgments';
import { migrateSavedRequests, QuerySets, SavedRequests, Workspace } from './services/workspace';
import { Experiments, CompareService } from './services/compare';
import { openSecretStore } from './services/secrets';
import type { CoreOptions, Services } from './services';
import { AppService } from './services/app';

export type { CoreOptions } from './services';

export interface Core {
  router: Router;
  events: EventHub;
  services: Services;
  settings: SettingsService;
  notices: Notice[];
  dispose(): Promise<void>;
}

/**
 * The saved requests of an earlier version, moved into the workspace once:
 * from the old default folder, and from the root of a folder the user had
 * chosen (which became the workspace folder).
 */
async function migrateWorkspace(dataDir: string, chosen: string | undefined, workspace: Workspace): Promise<Notice | undefined> {
  let moved = await migrateSavedRequests(join(dataDir, 'saved-requests'), workspace, { removeWhenEmpty: true });
  if (chosen) moved += await migrateSavedRequests(chosen, workspace, { removeWhenEmpty: false });
  if (moved === 0) return undefined;
  return {
    id: 'workspace:migrated',
    level: 'info',
    message: `Saved requests now live in the workspace folder: ${moved} moved into ${workspace.kindFolder('requests')}.`,
  };
}

/** Who rates, as the judgment list records it: the OS account's name. */
function raterName(): string | undefined {
  try {
    return userInfo().username || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The composition root shared by both transports: builds the services and
 * the router over them. Knows nothing about Electron or HTTP transports.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const events = new EventHub();
  const notices: Notice[] = [];
  const note = (n: Notice | undefined) => n && notices.push(n);

  // Temp files of writes a crash interrupted are removed before anything reads the folder.
  const stale = await removeStaleTemps(options.dataDir);
  if (stale.length > 0) options.log?.(`removed ${stale.length} temp file(s) left by an interrupted write`);

  const settings = new SettingsService(options.dataDir);
  note(await settings.load());
  const current = settings.get();

  const secrets = await openSecretStore({
    dataDir: options.dataDir,
    ...(options.encryptor ? { encryptor: options.encryptor } : {}),
    ...(options.secretsService ? { service: options.secretsService } : {}),
    ...(options.keychain === false ? { keychain: false } : {}),
  });
  // Secrets kept in memory only are said once, on the Profiles screen where they are entered (KeychainNotice).

  const redactor = new Redactor();
  let extraCaPems: string[] = [];
  try {
    extraCaPems = await loadCaCertificates(current.extraCaCertificates);
  } catch (err) {
    notices.push({ id: 'settings:ca', level: 'warning', message: `Extra CA certificates were not loaded: ${(err as Error).message}` });
  }
  const http = new HttpClient({
    redactor,
    extraCaPems,
    deadlineMs: current.requestTimeoutMs,
    ...(options.env ? { env: options.env } : {}),
  });
  const tokens = new TokenClient(http, { ...(options.now ? { now: options.now } : {}), deadlineMs: () => settings.get().requestTimeoutMs });
  const profiles = new ProfileService(options.dataDir, secrets.store, redactor);
  note(await profiles.load());
  const history = new HistoryService(options.dataDir, { maxEntries: current.historySize, maxResponseBytes: 200 * 1024 * 1024 });
  note(await history.load());
  const workspace = new Workspace(join(options.dataDir, 'workspace'), current.workspaceDir);
  note(await migrateWorkspace(options.dataDir, settings.migratedFrom, workspace));
  const saved = new SavedRequests(workspace, () => (profiles.activeId ? profiles.find(profiles.activeId)?.name : undefined));

  const localDemo =
    options.localDemo === false
      ? undefined
      : new LocalDemo(profiles, http, typeof options.localDemo === 'object' ? options.localDemo : {}, (state) => {
          events.emit('profiles:changed', profiles.summary());
          if (state.state === 'failed') events.emit('app:notice', { id: 'local-demo', level: 'error', message: state.message });
        });

  const demoFiles = new DemoFiles({
    workspace,
    dataDir: options.dataDir,
    ...(options.demoTraffic ? { demoTraffic: options.demoTraffic } : {}),
    emulator: async () => {
      await localDemo?.ready;
      return localDemo?.emulator?.emulator;
    },
    ...(options.log ? { log: options.log } : {}),
  });
  if (localDemo && options.demoWorkspace !== false) demoFiles.start();
  // The first listing shows the demo files a new install gets, not an empty folder a moment before they land.
  workspace.holdListing(demoFiles.ready());

  const search = new SearchClient(http);
  const querySets = new QuerySets(workspace, history);
  const judgments = new JudgmentLists(workspace, undefined, () => settings.get().rater || raterName());
  const compare = new CompareService(join(options.dataDir, 'batches'), {
    profiles,
    search,
    qualityOf: async (definition, results) => {
      if (!definition.quality) return null;
      const list = await judgments.read(definition.quality.judgments.file);
      return batchQuality(
        results,
        definition.rows,
        indexRatings(list.ratings, { ratings: definition.quality.ratings ?? 'confirmed' }),
        definition.quality,
      );
    },
    deadlineMs: () => settings.get().requestTimeoutMs,
    onProgress: (update) => events.emit('compare:progress', update),
    ...(options.log ? { log: options.log } : {}),
  });
  await compare.init();

  const assertions = new AssertionsService({
    targets: profileTargets(profiles, localDemo),
    search,
    workspace,
    deadlineMs: () => settings.get().requestTimeoutMs,
    onProgress: (progress) => events.emit('assertions:progress', progress),
  });

  const explain = new ExplainService({
    targets: profileTargets(profiles, localDemo),
    search,
    compare,
    judgments,
    // The workspace's traffic, made below: read only when an explanation measures clicks on it.
    clicks: () => new TrafficEstimates({ traffic, search }).clicks(),
    deadlineMs: () => settings.get().requestTimeoutMs,
    onProgress: (progress) => events.emit('explain:progress', progress),
  });

  const matrix = new MatrixService({
    targets: profileTargets(profiles, localDemo),
    search,
    deadlineMs: () => settings.get().requestTimeoutMs,
    // Each answer goes to the window as it arrives, its images' hosts noted first (the grid shows them at once).
    onProgress: (progress) => events.emit('matrix:progress', services.images.noted(progress)),
  });

  const experiments = new Experiments({ workspace, querySets, judgments, compare, stateDir: join(options.dataDir, 'judging') });
  const catalog = new CatalogClient(http, tokens);
  const traffic = new TrafficService({
    workspace,
    http,
    search,
    localDemo,
    onProgress: (progress) => events.emit('traffic:progress', progress),
  });
  const judges = new JudgeService({
    dataDir: options.dataDir,
    secrets: secrets.store,
    workspace,
    profiles,
    localDemo,
    search,
    remember: (secret) => redactor.remember(secret),
    onProgress: (progress) => events.emit('llm-judges:progress', progress),
  });
  note(await judges.load());
  const services: Services = {
    options,
    events,
    notices,
    settings,
    secrets,
    http,
    images: new ImageProxy(http, {
      ownService: () => {
        try {
          return new URL(profiles.resolve(undefined).searchUrl).host;
        } catch {
          return undefined; // no active profile, or no readable URL: no exception for private addresses
        }
      },
    }),
    tokens,
    search,
    catalog,
    profiles,
    history,
    workspace,
    saved,
    querySets,
    judgments,
    experiments,
    runs: new RunsService({ workspace, experiments, judgments, compare }),
    traffic,
    clickModels: new ClickModelsService({ traffic, workspace }),
    judges,
    estimates: new EstimatesService({ traffic, experiments, compare, profiles, search }),
    abtests: new AbTestService({ workspace, traffic, profiles }),
    compare,
    assertions,
    explain,
    matrix,
    intents: new IntentProposer({ profiles, localDemo, search, deadlineMs: () => settings.get().requestTimeoutMs }),
    localDemo,
    demoFiles,
    app: new AppService({
      transport: options.transport,
      ...(options.versions ? { versions: options.versions } : {}),
      env: options.env ?? process.env,
      dataDir: options.dataDir,
      ...(options.dialogs ? { dialogs: options.dialogs } : {}),
      notices,
      events,
      settings,
      secrets,
      http,
      history,
      workspace,
      profiles,
      localDemo,
    }),
    session: new SearchSession({ profiles, search, history, settings, events, localDemo }),
    catalogs: new CatalogService({ profiles, tokens, catalog, localDemo }),
    profileActions: new ProfileActions({ profiles, tokens, secrets, events, localDemo }),
  };

  const handlers: Handlers = {
    ...appImplementation(services),
    ...settingsImplementation(services),
    ...assertionImplementation(services),
    ...explainImplementation(services),
    ...matrixImplementation(services),
    ...runsImplementation(services),
    ...trafficImplementation(services),
    ...clickModelsImplementation(services),
    ...llmJudgeImplementation(services),
    ...estimatesImplementation(services),
    ...abtestImplementation(services),
    ...profileImplementation(services),
    ...searchImplementation(services),
    ...catalogImplementation(services),
    ...compareImplementation(services),
    ...workspaceImplementation(services),
    ...judgmentImplementation(services),
  };

  return {
    router: createRouter(handlers, options.log),
    events,
    services,
    settings,
    notices,
    async dispose() {
      services.session.cancelAll();
      await compare.dispose();
      // Nothing writes into the data folder after dispose: the history behind the last answers, the demo files.
      await history.idle();
      await demoFiles.ready();
      await localDemo?.ready;
      await localDemo?.stop();
      await http.close();
    },
  };
}
