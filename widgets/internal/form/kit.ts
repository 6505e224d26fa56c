/**
 * What the form kit loads on a form's first interaction, not before its first render: the
 * submission's steps and the feedback a visitor sees after submitting (error summary, upload
 * progress, success state).
 */
export { ErrorSummary, SuccessState, UploadProgress } from './feedback.tsx';
export { runSubmission } from './run.ts';
