/**
 * The audit trail (admins only): newest first, a page at a time, filtered by event (or a group
 * such as every login event), actor, target, address and dates.
 */
import { STAFF_PATHS } from '../../../schemas/api-paths.ts';
import type { AuditEntry, AuditPage } from '../../../schemas/staff.ts';
import { staffCall } from '../../auth/calls.ts';

export const AUDIT_PAGE_SIZE = 25;

export type { AuditEntry };

export const AUDIT_FILTERS = ['event', 'actor', 'target', 'ip', 'from', 'to'] as const;
export type AuditFilters = Record<(typeof AUDIT_FILTERS)[number], string>;

/** The filters and page of the query string (each value at most 150 characters). */
export function readAuditFilters(params: URLSearchParams): AuditFilters & { page: number } {
  const out = { page: Math.max(1, Math.floor(Number(params.get('page')) || 1)) } as AuditFilters & {
    page: number;
  };
  for (const key of AUDIT_FILTERS) out[key] = (params.get(key) ?? '').slice(0, 150);
  return out;
}

export const fetchAudit = (filters: AuditFilters & { page: number }) =>
  staffCall<AuditPage>('get', STAFF_PATHS.audit, {
    params: {
      page: filters.page,
      page_size: AUDIT_PAGE_SIZE,
      ...Object.fromEntries(
        AUDIT_FILTERS.filter((k) => filters[k]).map((k) => [k, filters[k]]),
      ),
    },
    fallback: 'The audit trail could not be loaded',
  });
