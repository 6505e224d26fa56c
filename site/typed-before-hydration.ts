/**
 * Keeps what a visitor typed, chose or picked in a prerendered form before the page's code
 * hydrated it (a slow connection gives them seconds to do so). Preact's hydration adopts the DOM
 * but not the state of its form fields: it writes a textarea's prerendered value back at once, and
 * every other field goes back to the app's state, still empty, at its next render. So the fields
 * a visitor changed are read before hydrating; after it, each gets its value back and the events
 * the visitor's own input fires, which its handler takes as typed. (The forms also read such
 * fields as they mount, widgets/shared.ts `fieldsChanged`: that covers a React app's server
 * render, but comes after preact has emptied a textarea.) Hand-written: preact does not do it.
 */
import { fieldsChanged } from '../widgets/shared.ts';

const CHECKABLE = /^(?:checkbox|radio)$/;

/**
 * Reads the fields under `root` that the visitor has changed; call what it returns once the page
 * is hydrated, to hand them to the app.
 */
export function keepTypedFields(root: HTMLElement): () => void {
  const kept = fieldsChanged(root).map((field) => ({
    field,
    value: field.value,
    checked: field instanceof HTMLInputElement && field.checked,
    selection:
      document.activeElement === field && !(field instanceof HTMLSelectElement)
        ? ([field.selectionStart, field.selectionEnd] as const)
        : null,
  }));
  return () => {
    for (const { field, value, checked, selection } of kept) {
      // A field the app rendered anew is not the one the visitor changed.
      if (!field.isConnected) continue;
      if (field instanceof HTMLInputElement && CHECKABLE.test(field.type)) field.checked = checked;
      else if (field.type !== 'file' && field.value !== value) {
        field.value = value;
        const [start, end] = selection ?? [null, null];
        if (start !== null && end !== null && 'setSelectionRange' in field) {
          field.setSelectionRange(start, end);
        }
      }
      // A text field's handler listens for `input`, a choice's or a file's for `change`.
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
}
