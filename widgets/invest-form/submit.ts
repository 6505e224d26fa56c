/**
 * What the investor form loads on first interaction: the shared schema and
 * the HTTP client. Kept out of the first-render bundle.
 */
import { validateInvestorApplication } from '../../schemas/investor-application.ts';
import { resolveApiBase } from '../runtime/api-base.ts';
import { httpClient, warmHttpClient } from '../internal/http.ts';
import { describeFailure } from '../internal/form/errors.ts';
import { idFrom } from '../internal/form/success.ts';
import { CERTIFY_ERROR, type InvestValues } from './fields.ts';

import { INVEST_PATH } from '../../schemas/api-paths.ts';

/** The JSON body: empty optional fields (and an empty honeypot) left out. */
export function investPayload(values: InvestValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value.trim()) body[name] = value;
  }
  return body;
}

export function validateInvest(values: InvestValues, certified: boolean): Record<string, string> {
  const result = validateInvestorApplication(investPayload(values));
  const errors: Record<string, string> = result.ok ? {} : { ...result.errors };
  if (!certified) errors.certify = CERTIFY_ERROR;
  return errors;
}

/** Sends the application; resolves with the investor id (or null), rejects with a FailureInfo. */
export async function sendInvest(
  apiBase: string | undefined,
  values: InvestValues,
  fallback: string,
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    const client = await httpClient(resolveApiBase(apiBase));
    const response = await client.post(
      INVEST_PATH,
      investPayload(values),
      signal ? { signal } : {},
    );
    return idFrom(response.data, 'investor_id');
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rejects with a FailureInfo (message and field errors), as the doc comment says
    throw describeFailure(error, fallback);
  }
}

/** Starts loading the HTTP client (on first interaction, before the submit). */
export const warm = (apiBase: string | undefined) => warmHttpClient(resolveApiBase(apiBase));
