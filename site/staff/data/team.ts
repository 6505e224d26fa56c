/**
 * The desk-for-a-team calls (docs/DESK.md, "The desk for a team"): whom to assign to, bulk
 * actions (a single assignment is a bulk one of one id, so it answers as one), and the overview.
 */
import { deskRoot } from '../../../schemas/api-paths.ts';
import {
  ASSIGNEES_PATH,
  type AssigneesAnswer,
  type BulkAnswer,
  type BulkBody,
  type OverviewAnswer,
} from '../../../schemas/team-desk.ts';
import { staffCall } from '../../auth/calls.ts';
import type { Kind } from '../kinds.ts';

export type Assignee = AssigneesAnswer['data'][number];

let assignees: Promise<Assignee[]> | null = null;

/** Every staff member one may assign to, asked once per page (a failure is asked again). */
export function fetchAssignees(): Promise<Assignee[]> {
  assignees ??= staffCall<AssigneesAnswer>('get', ASSIGNEES_PATH, {
    fallback: 'The staff list could not be loaded',
  }).then(
    (answer) => answer.data,
    (error: unknown) => {
      assignees = null;
      throw error;
    },
  );
  return assignees;
}

/** One action on many applications; rejects with a CallError (its message) when refused whole. */
export const bulkAction = (kind: Kind, body: BulkBody): Promise<BulkAnswer> =>
  staffCall<BulkAnswer>('post', `${deskRoot(kind)}/bulk/`, {
    data: body,
    fallback: 'The change could not be made: try again',
  });

export interface OverviewParams {
  from?: string;
  to?: string;
  origin?: string;
}

export const fetchOverview = (kind: Kind, params: OverviewParams): Promise<OverviewAnswer> =>
  staffCall<OverviewAnswer>('get', `/api/staff/overview/${kind}/`, {
    params: Object.fromEntries(Object.entries(params).filter(([, v]) => v)),
    fallback: 'The overview could not be loaded',
  });
