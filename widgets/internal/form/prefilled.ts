/**
 * Fields a visitor changed in server-rendered markup before the form's code hydrated it (a slow
 * connection gives them seconds to). Hydration adopts the DOM but not what was typed into it: the
 * form's state starts empty and, at its next render, writes each field back to that (preact writes
 * a textarea back at once, during hydration: the site reads the fields before it hydrates, with
 * `fieldsChanged`, site/typed-before-hydration.ts). So a form reads the changed fields into its
 * state once it has mounted. Hand-written: neither React nor preact offers it.
 */
import { useEffect, type RefObject } from 'react';

export type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether a visitor has changed a field from what the page was served with. */
function changedByVisitor(field: FormField): boolean {
  if (field instanceof HTMLSelectElement) {
    // A select with no option marked selected shows its first.
    const served = Math.max(
      0,
      [...field.options].findIndex((option) => option.defaultSelected),
    );
    return field.selectedIndex !== served;
  }
  if (field instanceof HTMLInputElement) {
    if (field.type === 'file') return (field.files?.length ?? 0) > 0;
    // A radio counts where it is now checked: its group's others follow.
    if (field.type === 'radio') return field.checked && !field.defaultChecked;
    if (field.type === 'checkbox') return field.checked !== field.defaultChecked;
  }
  return field.value !== field.defaultValue;
}

/** The fields under `root` that a visitor has changed. */
export const fieldsChanged = (root: ParentNode): FormField[] =>
  [...root.querySelectorAll<FormField>('input, textarea, select')].filter(changedByVisitor);

/**
 * Once the form has mounted, hands `adopt` each field of it that a visitor changed before then
 * (none, unless its markup came from a server render).
 */
export function usePrefilled(
  form: RefObject<HTMLElement | null>,
  adopt: (field: FormField) => void,
): void {
  useEffect(() => {
    if (!form.current) return;
    for (const field of fieldsChanged(form.current)) adopt(field);
    // Once, as it mounts: later changes are the fields' own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
