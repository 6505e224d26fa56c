/**
 * Single-key shortcuts of the staff lists and details (docs/DESK.md, "Keyboard triage"). As
 * WCAG 2.1.4 asks, they can be turned off (the choice is kept in this browser), and they never
 * act while the person types in a field, nor with Ctrl, Alt or Meta held (the browser's and the
 * screen reader's own keys).
 */
import { useEffect, useRef } from 'react';
import { proxy } from 'valtio/vanilla';

const STORAGE_KEY = 'spartan-staff-shortcuts';

function storedOn(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true; // Storage refused: the default.
  }
}

export const shortcutState = proxy({ on: storedOn(), helpOpen: false });

export function setShortcutsOn(on: boolean): void {
  shortcutState.on = on;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Not kept past this page: still applied now.
  }
}

/** The shortcuts, as the help lists them. */
export const LIST_KEYS = [
  { key: 'j', does: 'Next application in the list (or ↓ once in the list)' },
  { key: 'k', does: 'Previous application in the list (or ↑ once in the list)' },
  { key: 'o', does: 'Open the application in focus (or Enter)' },
  { key: 'x', does: 'Select or unselect the application in focus' },
  { key: '?', does: 'Show these shortcuts' },
] as const;

export const DETAIL_KEYS = [
  { key: 'j', does: 'Next application of the list it was opened from' },
  { key: 'k', does: 'Previous application of that list' },
  { key: 'u', does: 'Back to the list' },
  { key: '?', does: 'Show these shortcuts' },
] as const;

const TYPING = [
  'input:not([type="checkbox"]):not([type="button"]):not([type="submit"]):not([type="reset"])',
  'textarea',
  'select',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="textbox"]',
  '[role="combobox"]',
  '[role="spinbutton"]',
].join(', ');

/** Whether a key press is typing (a field, an editable element) rather than a command. */
function typing(event: KeyboardEvent): boolean {
  // The element itself, also inside a shadow root (where `target` is its host).
  const target = event.composedPath()[0] ?? event.target;
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  // A checkbox or a button takes no letters: j, k and x still act from a row's checkbox.
  return Boolean(target.closest(TYPING));
}

/**
 * What a shortcut does; answering `false` means it did not apply (the key then keeps its usual
 * effect: an arrow key still scrolls the page).
 */
export type ShortcutAction = () => void | false;

/**
 * Calls `keys[event.key]` for a single key pressed outside fields while shortcuts are on; `?`
 * opens the help. Nothing acts while a dialog is open: its keys are its own.
 */
export function useShortcuts(keys: Record<string, ShortcutAction>): void {
  const current = useRef(keys);
  // The newest handlers, for the listener bound once.
  useEffect(() => {
    current.current = keys;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!shortcutState.on || event.defaultPrevented || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (typing(event) || document.querySelector('dialog[open], [role="alertdialog"]')) return;
      if (event.key === '?') {
        event.preventDefault();
        shortcutState.helpOpen = true;
        return;
      }
      const action = Object.hasOwn(current.current, event.key)
        ? current.current[event.key]
        : undefined;
      if (action && action() !== false) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
