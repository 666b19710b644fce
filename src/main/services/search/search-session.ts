import { randomUUID } from 'node:crypto';
import type { HistoryEntry } from '../../../shared/history';
import { type ChannelParsedInput } from '../../../shared/ipc';
import { type RunOutput } from '../../../shared/search';
import { WorkbenchFailure } from '../../../shared/errors';
import { normalize, withEnvelope } from '../../../shared/request';
import type { EventHub } from '../../events';
import type { HistoryService } from './history';
import { type LocalDemo, readyProfile, type ProfileService } from '../profiles';
import type { KindOutcome, SearchClient } from './search-client';
import type { SettingsService } from '../settings';

export type RunInput = ChannelParsedInput<'search:run'>;

export interface SearchSessionDeps {
  profiles: ProfileService;
  search: SearchClient;
  history: HistoryService;
  settings: SettingsService;
  events: EventHub;
  localDemo: LocalDemo | undefined;
}

/** What the history counts for an answer: matching items, groups or suggestions. */
function countOf(outcome: KindOutcome): number | undefined {
  if (outcome.kind === 'search') return typeof outcome.response.metadata?.count === 'number' ? outcome.response.metadata.count : undefined;
  if (outcome.kind === 'suggest') return Array.isArray(outcome.response.groups) ? outcome.response.groups.length : undefined;
  return Array.isArray(outcome.response.suggestions) ? outcome.response.suggestions.length : undefined;
}

/**
 * What crosses to the renderer: the outcome without its raw bytes, with the
 * request's diagnostics and where it went. The exchange record leaves out the
 * body of a successful answer: the parsed response beside it is the same
 * content, and sending both doubled what a 1,000-item answer costs to cross.
 */
function runOutput(outcome: KindOutcome, extra: Pick<RunOutput, 'diagnostics' | 'historyId' | 'profileId'>): RunOutput {
  const { responseBody: _sameAsResponse, ...exchange } = outcome.exchange;
  const base = { exchange, warnings: outcome.warnings, ...extra };
  switch (outcome.kind) {
    case 'search':
      return { ...base, kind: 'search', response: outcome.response };
    case 'suggest':
      return { ...base, kind: 'suggest', response: outcome.response };
    case 'autocomplete':
      return { ...base, kind: 'autocomplete', response: outcome.response };
  }
}

/**
 * The renderer's requests to the service: each sent to its profile with the
 * settings' deadline, cancellable by the id the renderer gave it (a newer
 * request with the same id cancels the older one), and recorded in the
 * history — answer or error — unless the caller asks not to (keystrokes).
 */
export class SearchSession {
  private readonly inflight = new Map<string, AbortController>();

  constructor(private readonly deps: SearchSessionDeps) {}

  async run(input: RunInput, signal?: AbortSignal): Promise<RunOutput> {
    const { requestId, profileId, record, ...envelope } = input;
    const profile = await readyProfile(this.deps.profiles, this.deps.localDemo, profileId);
    const { diagnostics } = normalize(envelope.kind, envelope.request, {
      ...(profile.sortableAttributes.length > 0 ? { sortableAttributes: profile.sortableAttributes } : {}),
    });
    const controller = new AbortController();
    this.inflight.get(requestId)?.abort();
    this.inflight.set(requestId, controller);
    const started = Date.now();
    const base = {
      id: randomUUID(),
      at: new Date(started).toISOString(),
      profileId: profile.id,
      profileName: profile.name,
      ...(envelope.request.configurationId !== undefined ? { configurationId: envelope.request.configurationId } : {}),
    };
    // The answer goes back at once; the history is written behind it, and a failed write is said, not lost.
    const remember = (entry: HistoryEntry, response: unknown, raw?: Buffer) => {
      if (!record) return;
      this.deps.history.add(entry, response, raw).catch((err: unknown) =>
        this.deps.events.emit('app:notice', {
          id: 'history:write-failed',
          level: 'warning',
          message: `The history could not be saved (${err instanceof Error ? err.message : String(err)}); the answer itself is fine.`,
        }),
      );
      this.deps.events.emit('history:added', entry);
    };
    try {
      const outcome = await this.deps.search.send(profile.searchUrl, envelope, {
        signal: signal ? AbortSignal.any([controller.signal, signal]) : controller.signal,
        deadlineMs: this.deps.settings.get().requestTimeoutMs,
      });
      const meta = outcome.response.metadata;
      const count = countOf(outcome);
      const entry: HistoryEntry = withEnvelope(envelope, {
        ...base,
        ok: true,
        status: outcome.exchange.status ?? null,
        durationMs: Date.now() - started,
        url: outcome.exchange.url,
        size: outcome.exchange.size,
        ...(count !== undefined ? { count } : {}),
        ...(typeof meta?.configurationId === 'string' ? { configurationId: meta.configurationId } : {}),
        ...(typeof meta?.id === 'string' ? { responseId: meta.id } : {}),
      });
      remember(entry, outcome.response, outcome.raw);
      return runOutput(outcome, { diagnostics, historyId: entry.id, profileId: profile.id });
    } catch (err) {
      if (err instanceof WorkbenchFailure && err.error.code !== 'cancelled') {
        const exchange = err.error.details?.exchange;
        remember(
          withEnvelope(envelope, {
            ...base,
            ok: false,
            status: exchange?.status ?? null,
            errorCode: err.error.code,
            errorMessage: err.error.message,
            durationMs: Date.now() - started,
            url: exchange?.url ?? profile.searchUrl,
            size: exchange?.size ?? 0,
          }),
          undefined,
        );
      }
      throw err;
    } finally {
      if (this.inflight.get(requestId) === controller) this.inflight.delete(requestId);
    }
  }

  cancel(requestId: string): { cancelled: boolean } {
    const controller = this.inflight.get(requestId);
    controller?.abort();
    this.inflight.delete(requestId);
    return { cancelled: !!controller };
  }

  /** Aborts every request in flight, for a clean quit. */
  cancelAll(): void {
    for (const controller of this.inflight.values()) controller.abort();
    this.inflight.clear();
  }
}
