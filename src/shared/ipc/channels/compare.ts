import { z } from 'zod';
import type { BatchDefinition, BatchProgress, BatchResult } from '../../compare/types';
import type { SearchRequest } from '../../request/types';
import { channel, event } from '../define';
import { noInput } from './app';

/** Batch ids are made by main (time and a random suffix); nothing else, so none can name a path. */
const id = z.string().regex(/^[A-Za-z0-9-]{1,200}$/, 'not a batch id: letters, digits and dashes only');
const requestTemplate = z.record(z.string(), z.unknown());

const side = z
  .object({
    label: z.string().trim().min(1, 'give the side a label, like "production" or "bestsellers"').max(80),
    profileId: z.string().min(1).max(200).optional(),
    baseUrl: z.string().url().optional(),
    overrides: requestTemplate.default({}),
  })
  .strict();

const row = z
  .object({
    query: z.string().trim().min(1).max(1000),
    filter: z.string().max(10_000).optional(),
    facets: z
      .array(z.object({ id: z.string().min(1), values: z.array(z.string()) }).strict())
      .max(50)
      .optional(),
    variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
    line: z.number().int().min(0),
  })
  .strict();

export interface BatchListItem {
  id: string;
  name: string;
  createdAt: string;
  sides: { a: string; b: string };
  progress: BatchProgress;
}

export interface BatchView {
  definition: BatchDefinition;
  progress: BatchProgress;
  results: BatchResult[];
}

export interface BatchResultView {
  result: BatchResult;
  responses: { a?: unknown; b?: unknown };
  requests: { a: SearchRequest; b: SearchRequest };
  baseUrls: { a: string; b: string };
}

export const compareChannels = {
  'compare:start': channel<{ id: string }>()({
    input: z
      .object({
        name: z.string().trim().min(1).max(200),
        base: requestTemplate.default({}),
        sides: z.object({ a: side, b: side }).strict(),
        rows: z.array(row).min(1, 'the query list is empty').max(20_000, 'at most 20,000 queries in one batch'),
        concurrency: z.number().int().min(1).max(32).default(6),
      })
      .strict(),
    doc: 'Starts a batch comparison: both sides for every query, with bounded concurrency, each result stored as it comes. Progress arrives as compare:progress events.',
  }),
  'compare:list': channel<BatchListItem[]>()({
    input: noInput,
    doc: 'Every stored batch comparison with its progress, newest first.',
  }),
  'compare:get': channel<BatchView>()({
    input: z.object({ id }).strict(),
    doc: "One batch: what it compares, its progress, and every query's result (measures, latencies, errors; not the answers).",
  }),
  'compare:control': channel<BatchProgress>()({
    input: z.object({ id, action: z.enum(['pause', 'resume', 'cancel', 'rerun-failed']) }).strict(),
    doc: 'Pauses (queries in flight finish), resumes, cancels (queries in flight are aborted) or reruns only the failed queries of a batch.',
  }),
  'compare:result': channel<BatchResultView>()({
    input: z.object({ id, index: z.number().int().min(0) }).strict(),
    doc: 'One query of a batch with both requests and both answers, to open side by side.',
  }),
  'compare:export': channel<{ fileName: string; content: string; mime: string }>()({
    input: z.object({ id, format: z.enum(['html', 'csv', 'json']) }).strict(),
    doc: 'A batch as a self-contained HTML report, a CSV with one row per query, or JSON. No secret is in any of them.',
  }),
  'compare:delete': channel<{ deleted: true }>()({
    input: z.object({ id }).strict(),
    doc: 'Cancels a batch if it runs and deletes it with its stored results.',
  }),
} as const;

export const compareEvents = {
  'compare:progress': event<{ id: string; progress: BatchProgress; results: BatchResult[] }>(
    "A batch's progress and the results that arrived since the last event (at most every 200 ms).",
  ),
} as const;
