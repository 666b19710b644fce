import { WorkbenchFailure } from '../shared/errors';
import { EXIT, UsageError, type CliIo } from './command';

/**
 * A service's answer to the command line, its refusals in the command line's terms: input it refuses (a
 * `validation` failure) is a usage error (exit 2) with the service's own message — the very words the app shows —
 * after the flag that set the field; anything else it could not do stays an error (exit 3).
 */
export async function viaService<T>(call: () => Promise<T> | T, flagOf: (field: string) => string | undefined): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof WorkbenchFailure && err.error.code === 'validation') {
      const field = err.error.details?.field;
      const flag = field === undefined ? undefined : flagOf(field);
      throw new UsageError(flag ? `${flag}: ${err.message}` : err.message);
    }
    throw err;
  }
}

/** A service's failure on a command that prints it as the service said it (exit 3); anything else is thrown on. */
export function reportFailure(io: CliIo, err: unknown): number {
  if (err instanceof WorkbenchFailure) {
    io.stderr(`${err.error.code} error: ${err.error.message}`);
    return EXIT.couldNotRun;
  }
  throw err;
}
