/**
 * What the site may use of the widgets besides their components and styles: the one public
 * place for it (eslint.config.js keeps the site out of widgets/internal/ and widgets/runtime/).
 */
export { resolveApiBase } from './runtime/api-base.ts';
export { httpClient } from './internal/http.ts';
export { describeFailure, type FailureInfo } from './internal/form/errors.ts';
export { Field } from './internal/form/Field.tsx';
export { IdBox } from './internal/form/feedback.tsx';
export { fieldsChanged } from './internal/form/prefilled.ts';
export { useSubmission, type Submission } from './internal/form/use-submission.ts';
export { runSubmission } from './internal/form/run.ts';
