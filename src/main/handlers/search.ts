import { randomUUID } from 'node:crypto';
import type { HistoryEntry } from '../../shared/history';
import { WorkbenchFailure } from '../../shared/ipc/result';
import type { ExchangeRecord } from '../../shared/exchange';
import { normalize } from '../../shared/request/normalize';
import type { AnyRequest } from '../../shared/request/types';
import type { Handlers } from '../router';
import type { Services } from '../services/services';
import { profileFor } from './credentials';

function countOf(kind: string, response: unknown): number | undefined {
  const r = response as { metadata?: { count?: unknown }; groups?: unknown[]; suggestions?: unknown[] };
  if (kind === 'search' && typeof r?.metadata?.count === 'number') return r.metadata.count;
  if (kind === 'suggest' && Array.isArray(r?.groups)) return r.groups.length;
  if (kind === 'autocomplete' && Array.isArray(r?.suggestions)) return r.suggestions.length;
  return undefined;
}

export function searchHandlers(s: Services): Pick<Handlers, 'search:run' | 'request:cancel'> {
  return {
    'search:run': async ({ requestId, profileId, kind, transport, request, record }, ctx) => {
      const profile = await profileFor(s, profileId);
      const { diagnostics } = normalize(kind, request, {
        sortableAttributes: profile.sortableAttributes.length > 0 ? profile.sortableAttributes : undefined,
      });
      const controller = new AbortController();
      s.inflight.get(requestId)?.abort();
      s.inflight.set(requestId, controller);
      const signal = ctx.signal ? AbortSignal.any([controller.signal, ctx.signal]) : controller.signal;
      const started = Date.now();
      const base: Omit<HistoryEntry, 'ok' | 'status' | 'url' | 'size'> = {
        id: randomUUID(),
        at: new Date(started).toISOString(),
        profileId: profile.id,
        profileName: profile.name,
        kind,
        transport: kind === 'search' ? transport : 'post',
        request: request as unknown as AnyRequest,
        durationMs: 0,
        ...(typeof request.configurationId === 'string' ? { configurationId: request.configurationId } : {}),
      };
      const remember = async (entry: HistoryEntry, response: unknown) => {
        if (!record) return;
        await s.history.add(entry, response);
        s.events.emit('history:added', entry);
      };
      try {
        const outcome = await s.search.run(profile.searchUrl, kind, request as unknown as AnyRequest, {
          transport: kind === 'search' ? transport : 'post',
          signal,
          deadlineMs: s.settings.get().requestTimeoutMs,
        });
        const meta = (outcome.response as { metadata?: { configurationId?: unknown; id?: unknown } }).metadata;
        const count = countOf(kind, outcome.response);
        const entry: HistoryEntry = {
          ...base,
          ok: true,
          status: outcome.exchange.status ?? null,
          durationMs: Date.now() - started,
          url: outcome.exchange.url,
          size: outcome.exchange.size,
          ...(count !== undefined ? { count } : {}),
          ...(typeof meta?.configurationId === 'string' ? { configurationId: meta.configurationId } : {}),
          ...(typeof meta?.id === 'string' ? { responseId: meta.id } : {}),
        };
        await remember(entry, outcome.response);
        return {
          response: outcome.response,
          exchange: outcome.exchange,
          warnings: outcome.warnings,
          diagnostics,
          historyId: entry.id,
          profileId: profile.id,
        };
      } catch (err) {
        if (err instanceof WorkbenchFailure && err.error.code !== 'cancelled') {
          const exchange = err.error.details?.exchange as ExchangeRecord | undefined;
          await remember(
            {
              ...base,
              ok: false,
              status: exchange?.status ?? null,
              errorCode: err.error.code,
              errorMessage: err.error.message,
              durationMs: Date.now() - started,
              url: exchange?.url ?? profile.searchUrl,
              size: exchange?.size ?? 0,
            },
            undefined,
          );
        }
        throw err;
      } finally {
        if (s.inflight.get(requestId) === controller) s.inflight.delete(requestId);
      }
    },
    'request:cancel': ({ requestId }) => {
      const controller = s.inflight.get(requestId);
      controller?.abort();
      s.inflight.delete(requestId);
      return { cancelled: !!controller };
    },
  };
}
