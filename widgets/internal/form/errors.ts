/**
 * Turns a failed call into what a form shows: the server's message (`detail`,
 * or a plain string body), else the caller's fallback (docs/FORMS.md, Failures), and
 * the per-field messages of a rejected form (`errors`).
 */
export interface FailureInfo {
  message: string;
  fieldErrors: Record<string, string>;
  status: number | undefined;
  /**
   * The server's error code (`SPARTAN_ERR_NOT_FOUND`, docs/SERVER.md, Error codes) when it sent
   * one: for code that tells failures apart, never shown.
   */
  code?: string;
}

interface ErrorLike {
  response?: { status?: number; data?: unknown };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server body as a message, if it is one (a string, or `{detail: string}`). */
export function serverMessage(data: unknown): string | undefined {
  if (typeof data === 'string' && data.trim() && !data.trimStart().startsWith('<')) return data;
  if (!isRecord(data)) return undefined;
  // Ours say `detail`; a server or proxy in front of it may say `message` (docs/FORMS.md).
  for (const text of [data.detail, data.message]) {
    if (typeof text === 'string' && text.trim()) return text;
  }
  return undefined;
}

export function describeFailure(error: unknown, fallback: string): FailureInfo {
  const response = isRecord(error) ? (error as ErrorLike).response : undefined;
  const data = response?.data;
  const fieldErrors: Record<string, string> = {};
  if (isRecord(data) && isRecord(data.errors)) {
    for (const [field, message] of Object.entries(data.errors)) {
      if (typeof message === 'string') fieldErrors[field] = message;
    }
  }
  const info: FailureInfo = {
    message: serverMessage(data) ?? fallback,
    fieldErrors,
    status: response?.status,
  };
  if (isRecord(data) && typeof data.code === 'string' && data.code) info.code = data.code;
  return info;
}
