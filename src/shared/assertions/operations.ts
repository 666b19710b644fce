import { z } from 'zod';
import { REPORTERS, type SuiteRun } from './report';
import { cliForm, operation, event, noInput } from '../operations';

/** A suite run as the app shows it: the report's data, and what the assertions themselves cost. */
export interface SuiteRunView extends SuiteRun {
  /** The profile it ran against. */
  profileName: string;
  checkMs: number;
  /** Stopped before every request ran (Cancel). */
  stopped: boolean;
  /** The folder it ran (absolute): the workspace's, or the one chosen. */
  folder: string;
  /** The folder is the workspace: its request files can be opened and saved back. */
  inWorkspace: boolean;
  /** Requests a resume would run: not run yet (Cancel), or could not run; 0 when the run is complete. */
  left: number;
}

export interface SuiteProgressView {
  total: number;
  done: number;
  failed: number;
  errors: number;
}

/** Requests of a suite in flight at once, in the app and on the command line, unless a run sets its own. */
export const SUITE_CONCURRENCY = 4;

/** How a suite's report is written: the flag of `test`. */
export const assertionsCli = cliForm({
  command: 'test',
  input: z.strictObject({ reporter: z.enum(REPORTERS).default('pretty') }),
  flags: { reporter: { flag: '--reporter', doc: 'pretty, json (one object per assertion) or junit (JUnit XML for CI servers)' } },
});

export const assertionOperations = {
  'assertions:run': operation<SuiteRunView>()({
    example: { configurationId: 'default' },
    input: z
      .object({
        /** The profile to run against; the active one when absent. */
        profileId: z.string().min(1).max(200).optional(),
        /** Replaces every request's configuration id; each request's own when absent. */
        configurationId: z.string().trim().min(1).max(200).optional(),
        /** The suite's folder, an absolute path; the workspace folder when absent. */
        folder: z
          .string()
          .trim()
          .min(1)
          .max(4096)
          .refine((v) => !v.includes('\0'), 'A folder path cannot hold a NUL character.')
          .optional(),
        /** Runs only what the last run of the same suite, profile and configuration left: not run, or could not run. */
        resume: z.boolean().optional(),
      })
      .strict(),
    doc: "Runs a regression suite (the request files and query sets with expectations in the workspace, or in a chosen folder) against a profile, with the batch runner's pacing and retries; progress as assertions:progress; with resume, only what the last run left. Answers with every assertion's outcome.",
  }),
  'assertions:cancel': operation<{ cancelled: boolean }>()({
    example: {},
    input: noInput,
    doc: 'Stops the suite run in progress (requests in flight are aborted); its outcome so far is answered by assertions:run.',
  }),
} as const;

export const assertionEvents = {
  'assertions:progress': event<SuiteProgressView>(
    'How far the suite run is: requests done of all, assertions failed, requests that could not run.',
  ),
} as const;
