/** The desk's files: a view exported as CSV or its resumes as a zip, and one resume. */
import { APPLICATION_PATHS, deskRoot, pathWithId } from '../../../schemas/api-paths.ts';
import type { ResumeViewAnswer } from '../../../schemas/team-desk.ts';
import { staffCall } from '../../auth/calls.ts';
import { KINDS, type Kind } from '../kinds.ts';
import { listParams, messageOf, type ListFilters } from './applications.ts';

/** Saves a Blob under `filename` through an object URL. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file with the session's token; a failure throws an Error with the server's message or `failed`. */
async function fetchBlob(
  path: string,
  failed: string,
  params?: Record<string, unknown>,
): Promise<Blob> {
  try {
    return await staffCall<Blob>('get', path, {
      ...(params ? { params } : {}),
      responseType: 'blob',
      headers: { Accept: '*/*' },
      fallback: failed,
    });
  } catch (error) {
    throw new Error(messageOf(error));
  }
}

export const EXPORTS = {
  csv: { path: 'export.csv', label: 'CSV', failed: 'Export CSV failed' },
  zip: { path: 'resumes.zip', label: 'resumes (zip)', failed: 'Download resumes failed' },
} as const;

/** Downloads the current view as CSV, or its resumes as a zip (same filters, every page). */
export async function exportView(
  kind: Kind,
  format: keyof typeof EXPORTS,
  filters: ListFilters,
): Promise<void> {
  const what = EXPORTS[format];
  const blob = await fetchBlob(
    `${deskRoot(kind)}/${what.path}`,
    what.failed,
    listParams(filters, false),
  );
  const day = new Date().toISOString().slice(0, 10);
  save(blob, `${kind}-applications-${day}.${format}`);
}

export const DOWNLOAD_FAILED = 'Download Resume failed';

/** Fetches the resume with the bearer token and saves it through an object URL. */
export async function downloadResume(kind: Kind, id: string, filename: string): Promise<void> {
  const path = KINDS[kind].resume?.(id);
  if (!path) return;
  save(await fetchBlob(path, DOWNLOAD_FAILED), filename);
}

/**
 * Where a frame reads a Spartan application's PDF resume in place: a URL of ours with a ticket
 * for a minute (a frame cannot send the bearer token; docs/DESK.md, "A PDF resume read in
 * place"). Rejects with an Error carrying the server's message.
 */
export async function resumeViewUrl(id: string): Promise<string> {
  try {
    const answer = await staffCall<ResumeViewAnswer>(
      'post',
      pathWithId(APPLICATION_PATHS.spartan.resumeView, id),
      { fallback: 'The resume could not be shown: download it instead' },
    );
    return answer.url;
  } catch (error) {
    throw new Error(messageOf(error));
  }
}
