/**
 * An application's activity: its notes and status history, a status change and a new note. The
 * answers land in the applications store (staffState[kind].activity, and the open application's
 * status), which the detail screen reads.
 */
import { deskRoot } from '../../../schemas/api-paths.ts';
import type {
  ActivityAnswer,
  NoteAddedAnswer,
  StatusChangedAnswer,
} from '../../../schemas/desk.ts';
import { CallError, staffCall } from '../../auth/calls.ts';
import { fieldText, type Kind } from '../kinds.ts';
import {
  ALREADY_DELETED,
  deletedMeanwhile,
  messageOf,
  showStatus,
  staffState,
} from './applications.ts';

const deskPath = (kind: Kind, id: string, what: string) =>
  `${deskRoot(kind)}/${encodeURIComponent(id)}/${what}/`;

/** Loads the notes and status history of one application, and its status now. */
export async function fetchActivity(kind: Kind, id: string): Promise<void> {
  const state = staffState[kind].activity;
  if (state.id !== id) Object.assign(state, { id, notes: [], history: [] });
  state.error = null;
  try {
    const body = await staffCall<Partial<ActivityAnswer>>('get', deskPath(kind, id, 'activity'), {
      fallback: 'Loading the notes failed',
    });
    if (state.id !== id) return;
    state.notes = Array.isArray(body.notes) ? body.notes : [];
    state.history = Array.isArray(body.history) ? body.history : [];
    if (typeof body.status === 'string') showStatus(kind, id, body.status);
  } catch (error) {
    if (deletedMeanwhile(kind, id, error)) return;
    if (state.id === id) state.error = messageOf(error);
  }
}

/** What a status change refused because a colleague changed the status first says. */
const statusChangedMeanwhile = (now: string | null) =>
  `A colleague changed the status${now ? ` to ${fieldText('status', now)}` : ''} meanwhile, ` +
  'so yours was not saved. The current status is shown: set it again if it should still change.';

/**
 * Sets the status, from the one the staff member saw (`seen`): if a colleague changed it
 * meanwhile, the server refuses (409) and the current status and history are loaded. Answers the
 * failure's message, or null.
 */
export async function setStatus(
  kind: Kind,
  id: string,
  status: string,
  seen?: string,
): Promise<string | null> {
  try {
    const body = await staffCall<StatusChangedAnswer>(
      'put',
      deskPath(kind, id, 'status'),
      {
        data: seen === undefined ? { status } : { status, from: seen },
        fallback: 'Changing the status failed',
      },
    );
    showStatus(kind, id, body.status);
    const activity = staffState[kind].activity;
    if (activity.id === id) Object.assign(activity, { notes: body.notes, history: body.history });
    return null;
  } catch (error) {
    if (deletedMeanwhile(kind, id, error)) return ALREADY_DELETED;
    if (!(error instanceof CallError) || error.status !== 409) return messageOf(error);
    await fetchActivity(kind, id);
    const detail = staffState[kind].detail.data;
    const now = detail?.id === id && detail.status !== seen ? String(detail.status) : null;
    return statusChangedMeanwhile(now);
  }
}

/** Adds a note; answers the failure's message, or null. */
export async function addNote(kind: Kind, id: string, text: string): Promise<string | null> {
  try {
    const body = await staffCall<NoteAddedAnswer>('post', deskPath(kind, id, 'notes'), {
      data: { body: text },
      fallback: 'Saving the note failed',
    });
    const activity = staffState[kind].activity;
    if (activity.id === id) activity.notes = [body.data, ...activity.notes];
    return null;
  } catch (error) {
    if (deletedMeanwhile(kind, id, error)) return ALREADY_DELETED;
    return messageOf(error);
  }
}
