/**
 * The desk-for-a-team calls (docs/DESK.md, "The desk for a team"): whom to assign to, bulk
 * actions (a single assignment is a bulk one of one id, so it answers as one), and the overview.
 */
import { deskRoot } from '../../../schemas/api-paths.ts';
import {
  ASSIGNEES_PATH,
  type AssigneeAnswer,
  type AssigneesAnswer,
  type BulkAnswer,
  type BulkBody,
  type OverviewAnswer,
} from '../../../schemas/team-desk.ts';
import { CallError, staffCall } from '../../auth/calls.ts';
import type { Kind } from '../kinds.ts';

export type Assignee = AssigneesAnswer['data'][number];

let assignees: Promise<Assignee[]> | null = null;

/** Every staff member one may assign to, asked once per page (a failure is asked again). */
export function fetchAssignees(): Promise<Assignee[]> {
  assignees ??= staffCall<AssigneesAnswer>('get', ASSIGNEES_PATH, {
    fallback: 'The staff list could not be loaded',
  }).then(
    // As the other calls of data/ read their lists: anything but a list is none.
    (answer) => (Array.isArray(answer.data) ? answer.data : []),
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

/**
 * Assigns one application to a staff member (`null`: nobody). Answers the assignee as stored;
 * rejects with an Error whose message says what was wrong (the field's own words for a 400).
 */
export async function setAssignee(
  kind: Kind,
  id: string,
  username: string | null,
): Promise<AssigneeAnswer['assignee']> {
  try {
    const answer = await staffCall<AssigneeAnswer>(
      'put',
      `${deskRoot(kind)}/${encodeURIComponent(id)}/assignee/`,
      { data: { assignee: username }, fallback: 'The assignment could not be saved: try again' },
    );
    return answer.assignee;
  } catch (error) {
    const field = error instanceof CallError ? error.fieldErrors.assignee : undefined;
    throw new Error(field ?? (error as Error).message);
  }
}

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
