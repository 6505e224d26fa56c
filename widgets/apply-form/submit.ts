/**
 * What the apply form loads on first interaction: the shared schema and the
 * HTTP client. Kept out of the first-render bundle.
 */
import { HONEYPOT_FIELD } from '../../content/forms.ts';
import { resumeFileError, validateSpartanApplication } from '../../schemas/spartan-application.ts';
import { resolveApiBase } from '../runtime/api-base.ts';
import { httpClient, warmHttpClient } from '../internal/http.ts';
import { describeFailure } from '../internal/form/errors.ts';
import { idFrom } from '../internal/form/success.ts';
import type { ApplyValues } from './fields.ts';

import { APPLY_PATH } from '../../schemas/api-paths.ts';

/** Client-side check with the server's schema; `{}` when everything is valid. */
export function validateApply(values: ApplyValues, resume: File | null): Record<string, string> {
  const result = validateSpartanApplication(values);
  const errors: Record<string, string> = result.ok ? {} : { ...result.errors };
  const fileError = resume ? resumeFileError(resume) : 'Choose your resume (.pdf, .doc or .docx)';
  if (fileError) errors.resume = fileError;
  return errors;
}

/** Sends the application as multipart; resolves with the application id (or null), rejects with a FailureInfo. */
export async function sendApply(
  apiBase: string | undefined,
  values: ApplyValues,
  resume: File | null,
  onProgress: (fraction: number | null) => void,
  fallback: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (name !== HONEYPOT_FIELD || value) body.append(name, value.trim());
  }
  if (resume) body.append('resume', resume, resume.name);
  try {
    const client = await httpClient(resolveApiBase(apiBase));
    const response = await client.post(APPLY_PATH, body, {
      ...(signal ? { signal } : {}),
      onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : null),
    });
    return idFrom(response.data, 'application_id');
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rejects with a FailureInfo (message and field errors), as the doc comment says
    throw describeFailure(error, fallback);
  }
}

/** Starts loading the HTTP client (on first interaction, before the submit). */
export const warm = (apiBase: string | undefined) => warmHttpClient(resolveApiBase(apiBase));
