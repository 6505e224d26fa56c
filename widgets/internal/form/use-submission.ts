import { useRef, useState } from 'react';

export type Phase = 'idle' | 'submitting' | 'succeeded';

export interface SubmissionState<T> {
  phase: Phase;
  /** Field messages by field name (client validation or the server's `errors`). */
  errors: Record<string, string>;
  /** A message not tied to a field: the server's, else the form's fallback. */
  failure: string | null;
  /** Counts failed attempts, so the error summary takes focus each time. */
  attempt: number;
  result: T | null;
}

export interface Submission<T> extends SubmissionState<T> {
  update: (change: (state: SubmissionState<T>) => SubmissionState<T>) => void;
  /** True while a submission runs (a second submit is ignored). */
  busy: { current: boolean };
  /** Drops a field's error once the visitor changes it. */
  clearError: (field: string) => void;
}

/**
 * The state of a form submission: idle → submitting → succeeded, or back to
 * idle with errors. The transitions (`runSubmission` in run.ts) load with the
 * form's validation code, after first render.
 */
export function useSubmission<T>(): Submission<T> {
  const [state, setState] = useState<SubmissionState<T>>({
    phase: 'idle',
    errors: {},
    failure: null,
    attempt: 0,
    result: null,
  });
  const busy = useRef(false);
  return {
    ...state,
    update: setState,
    busy,
    clearError: (field) => {
      if (state.errors[field]) {
        setState((s) => {
          const errors = { ...s.errors };
          delete errors[field];
          return { ...s, errors };
        });
      }
    },
  };
}
