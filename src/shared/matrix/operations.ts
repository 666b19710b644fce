import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '../workspace';
import { MAX_MATRIX_QUERIES } from './grid';
import { type CellAnswer } from './measures';
import { type MatrixRun } from './report';
import { contextValueSchema, searchTemplateSchema } from '../request';
import { cliForm, operation, event, noInput } from '../operations';

/** How far a matrix is, with the cell answered last (the grid fills in as answers arrive). */
export interface MatrixProgressView {
  total: number;
  done: number;
  failed: number;
  answered?: { query: string; cell: string; answer: CellAnswer };
}

/** The depth a matrix compares and reports: the flag of `matrix`. */
export const matrixCli = cliForm({
  command: 'matrix',
  input: z.strictObject({ k: z.int().min(1).max(100).default(10) }),
  flags: { k: { flag: '--k', doc: 'the depth compared and reported' } },
});

export const matrixOperations = {
  'matrix:run': operation<MatrixRun>()({
    cli: matrixCli,
    example: {
      base: { token: 'demo-search-token-0001' },
      queries: ['jacket'],
      axes: [{ name: 'segment', values: [null, 'premium'] }],
      configurations: ['default'],
      k: 5,
    },
    input: z
      .object({
        /** Where the requests go (default: the active profile). */
        profileId: z.string().max(200).optional(),
        /** The request every cell starts from: token, options, other context. */
        base: searchTemplateSchema.default({}),
        queries: z.array(z.string().max(MAX_QUERY_LENGTH)).min(1).max(MAX_MATRIX_QUERIES),
        axes: z.array(z.strictObject({ name: z.string().max(200), values: z.array(contextValueSchema.nullable()).max(100) })).max(10),
        configurations: z.array(z.string().max(200)).min(1).max(20),
        /** Hours of the emulator's clock: Local demo only. */
        hours: z.array(z.int().min(0).max(23)).max(24).optional(),
        /** The baseline cell as `segment=none,weather=sun` (config=… and hour=… too); default: the first cell. */
        baseline: z.string().max(2000).optional(),
        k: matrixCli.input.shape.k,
      })
      .strict(),
    doc: "Runs a context matrix: every query × every cell of the grid (the axes' values × the configurations × the emulator's hours on Local demo), paced and retried, each cell's first k held against the baseline cell of the same query. Progress, with each answer, as matrix:progress.",
  }),
  'matrix:cancel': operation<{ cancelled: boolean }>()({
    example: {},
    input: noInput,
    doc: 'Stops the matrix in progress (requests in flight are aborted); what it had is answered, marked stopped.',
  }),
} as const;

export const matrixEvents = {
  'matrix:progress': event<MatrixProgressView>('How far the matrix is: requests done of all, failed, and the cell answered last.'),
} as const;
