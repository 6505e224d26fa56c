import type { FailureInfo } from './errors.ts';
import type { Submission, SubmissionState } from './use-submission.ts';

export interface SubmissionSteps<T> {
  validate: () => Promise<Record<string, string>> | Record<string, string>;
  /** Rejects with a FailureInfo (see `describeFailure`). */
  send: () => Promise<T>;
  fallback: string;
  onSuccess?: (result: T) => void;
  /** True when the call failed because the visitor called it off: no failure to show then. */
  cancelled?: () => boolean;
}

const failed = <T>(
  errors: Record<string, string>,
  failure: string | null,
): ((s: SubmissionState<T>) => SubmissionState<T>) => {
  return (s) => ({ ...s, phase: 'idle', errors, failure, attempt: s.attempt + 1 });
};

/**
 * Runs one submission through its states: validate, then (only for valid values, so a refused
 * form never announces "Submitting...") submitting, then succeeded or failed.
 */
export async function runSubmission<T>(run: Submission<T>, steps: SubmissionSteps<T>) {
  if (run.busy.current) return;
  run.busy.current = true;
  try {
    const errors = await steps.validate();
    if (Object.keys(errors).length > 0) return run.update(failed(errors, null));
    run.update((s) => ({ ...s, phase: 'submitting', failure: null }));
    try {
      const result = await steps.send();
      run.update((s) => ({ ...s, phase: 'succeeded', errors: {}, result }));
      steps.onSuccess?.(result);
    } catch (error) {
      if (steps.cancelled?.()) return run.update((s) => ({ ...s, phase: 'idle' }));
      const info = error as Partial<FailureInfo> | null;
      const message =
        info?.fieldErrors && typeof info.message === 'string' ? info.message : steps.fallback;
      run.update(failed(info?.fieldErrors ?? {}, message));
    }
  } finally {
    run.busy.current = false;
  }
}
