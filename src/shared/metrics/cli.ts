import { z } from 'zod';
import { cliForm } from '../operations';

/** Which side of a batch or experiment export is the run `metrics` measures. */
export const metricsCli = cliForm({
  command: 'metrics',
  input: z.strictObject({ side: z.enum(['a', 'b']).default('a') }),
  flags: { side: { flag: '--side', doc: 'which side of a JSON export is the run' } },
});
