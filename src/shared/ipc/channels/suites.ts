import { z } from 'zod';
import type { SuiteRun } from '../../assertions/report';
import { channel, event } from '../define';
import { noInput } from './app';

/** A suite run as the app shows it: the report's data, and what the assertions themselves cost. */
export interface SuiteRunView extends SuiteRun {
  /** The profile it ran against. */
  profileName: string;
  checkMs: number;
  /** Stopped before every request ran (Cancel). */
  stopped: boolean;
}

export interface SuiteProgressView {
  total: number;
  done: number;
  failed: number;
  errors: number;
}

export const suiteChannels = {
  'suites:run': channel<SuiteRunView>()({
    input: z
      .object({
        /** The profile to run against; the active one when absent. */
        profileId: z.string().min(1).max(200).optional(),
        /** Replaces every request's configuration id; each request's own when absent. */
        configurationId: z.string().trim().min(1).max(200).optional(),
      })
      .strict(),
    doc: "Runs the workspace's regression suite (its request files and query sets with expectations) against a profile, with the batch runner's pacing and retries; progress as suites:progress. Answers with every assertion's outcome.",
  }),
  'suites:cancel': channel<{ cancelled: boolean }>()({
    input: noInput,
    doc: 'Stops the suite run in progress (requests in flight are aborted); its outcome so far is answered by suites:run.',
  }),
} as const;

export const suiteEvents = {
  'suites:progress': event<SuiteProgressView>(
    'How far the suite run is: requests done of all, assertions failed, requests that could not run.',
  ),
} as const;
