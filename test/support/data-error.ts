/** The DataError a piece of code throws; fails the test when it accepts the data or throws something else. */
import { DataError } from '../../src/compile/errors.ts';

export function errorOf(run: () => unknown): DataError {
  try {
    run();
  } catch (error) {
    if (error instanceof DataError) return error;
    throw error;
  }
  throw new Error('expected a DataError, but the data was accepted');
}
