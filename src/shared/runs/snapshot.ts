import { z } from 'zod';

/**
 * What an experiment run was made with, kept beside its answers: the query set's and the judgment list's file
 * and content hash as the run started, and the ratings themselves — so the run can be scored later exactly as
 * it was, whatever the list holds by then.
 */
export const runSnapshotSchema = z.strictObject({
  querySet: z.strictObject({ file: z.string(), sha256: z.string() }),
  judgments: z
    .strictObject({
      file: z.string(),
      name: z.string(),
      sha256: z.string(),
      /** [query, item id, rating] */
      ratings: z.array(z.tuple([z.string(), z.string(), z.number()])),
    })
    .optional(),
});

export type RunSnapshot = z.output<typeof runSnapshotSchema>;
