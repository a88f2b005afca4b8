import type { LineError } from '../../csv/parse';
import { isConflict, isPreconditionFailed } from '../../store/outcomes';
import { logError } from '../../telemetry/telemetry';

/** What a CSV import answers: counts, and each refused line with why (the line is skipped, the rest applied). */
export interface ImportResult {
  created: number;
  updated: number;
  skipped: number;
  errors: LineError[];
}

/** A failed line is reported, not thrown: other lines may already be applied and the caller must see which. */
export function lineFailure(error: unknown): string {
  if (isConflict(error) || isPreconditionFailed(error)) return 'changed concurrently; not applied';
  logError(error, { operation: 'csv-import-line' });
  return 'could not be saved; try this line again';
}
