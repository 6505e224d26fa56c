/**
 * The note being written on an open application: kept as a draft of that application until
 * saved (note-drafts.ts), and added with `onNote`. Another application opened puts its own draft
 * in the box and runs `onSwitch` (for other per-application state); `shown` names the one open
 * now (`kind:id`), so that an answer that comes after a switch is not taken for the new one's.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { addNote } from '../data/activity.ts';
import { announce } from '../data/applications.ts';
import type { Kind } from '../kinds.ts';
import { dropDraft, readDraft, writeDraft } from './note-drafts.ts';

export function useNoteDraft(kind: Kind, id: string, onSwitch: () => void) {
  const [noteState, setNoteState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const [note, setNote] = useState(() => readDraft(kind, id));
  // This application: each draft, and each call's answer, belongs to one.
  const key = `${kind}:${id}`;
  const [draftOf, setDraftOf] = useState(key);
  // The application shown now, for calls that answer after another was opened.
  const shown = useRef(key);
  useEffect(() => {
    shown.current = key;
  }, [key]);
  if (draftOf !== key) {
    setDraftOf(key);
    setNote(readDraft(kind, id));
    setNoteState({ busy: false, error: null });
    onSwitch();
  }
  const writeNote = (text: string) => {
    setNote(text);
    writeDraft(kind, id, text);
  };

  const onNote = async (event: FormEvent) => {
    event.preventDefault();
    if (noteState.busy) return;
    if (!note.trim()) {
      setNoteState({ busy: false, error: 'Write the note first' });
      return;
    }
    setNoteState({ busy: true, error: null });
    const failed = await addNote(kind, id, note);
    if (shown.current !== key) {
      // Another application is open now: its box and its draft are not this note's. A failed
      // note stays this application's draft, for when it is opened again.
      if (!failed) dropDraft(kind, id);
      return;
    }
    setNoteState({ busy: false, error: failed });
    if (!failed) {
      writeNote('');
      announce('Note added');
    }
  };

  return { note, writeNote, noteState, onNote, shown, key };
}
