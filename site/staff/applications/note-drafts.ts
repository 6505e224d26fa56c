/**
 * Half-written notes, one per application, in this tab's session storage: a session that ends
 * (idle, expired, ended by an admin) sends the staff member to the login, and back to the same
 * application after it; what they were writing waits there. A draft goes when its note is saved,
 * when its application turns out to be deleted, and with every other draft at Log out.
 */
import { sessionStore as store } from '../../auth/store.ts';
import type { Kind } from '../kinds.ts';

const PREFIX = 'spartanNoteDraft:';

const keyOf = (kind: Kind, id: string) => `${PREFIX}${kind}:${id}`;

/** The draft of this application's note, or ''. */
export function readDraft(kind: Kind, id: string): string {
  try {
    return store()?.getItem(keyOf(kind, id)) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the draft (an empty or blank one is no draft). */
export function writeDraft(kind: Kind, id: string, text: string): void {
  try {
    if (text.trim()) store()?.setItem(keyOf(kind, id), text);
    else store()?.removeItem(keyOf(kind, id));
  } catch {
    // Full or refused: the note is still in the box.
  }
}

export const dropDraft = (kind: Kind, id: string): void => writeDraft(kind, id, '');

/** Forgets every draft (Log out: nothing of the session stays behind in the tab). */
export function dropAllDrafts(): void {
  const drafts = store();
  if (!drafts) return;
  try {
    const keys = Array.from({ length: drafts.length }, (_, i) => drafts.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) drafts.removeItem(key);
  } catch {
    // Refused: nothing was kept either.
  }
}
