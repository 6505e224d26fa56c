import { afterEach, describe, expect, it } from 'vitest';
import { keepTypedFields } from './typed-before-hydration.ts';

afterEach(() => document.body.replaceChildren());

/** A prerendered form, as served. */
function served() {
  const root = document.createElement('div');
  root.innerHTML = `<form>
    <input name="name"><textarea name="message"></textarea>
    <select name="role"><option value="">Choose</option><option>Engineer</option></select>
    <select name="size"><option>S</option><option selected>M</option></select>
    <input type="radio" name="kind" value="a" checked><input type="radio" name="kind" value="b">
    <input type="checkbox" name="certify"><input name="untouched">
  </form>`;
  document.body.append(root);
  const field = (name: string, value?: string) =>
    root.querySelector<HTMLInputElement>(
      `[name="${name}"]${value === undefined ? '' : `[value="${value}"]`}`,
    )!;
  const heard: string[] = [];
  for (const type of ['input', 'change']) {
    root.addEventListener(type, (e) => {
      const el = e.target as HTMLInputElement;
      const checkable = el.type === 'radio' || el.type === 'checkbox';
      heard.push(`${type} ${el.name}=${checkable ? String(el.checked) : el.value}`);
    });
  }
  return { root, field, heard };
}

describe('keepTypedFields', () => {
  it('given fields changed before hydration, then each is handed back with the events typing fires; untouched ones are not', () => {
    const { root, field, heard } = served();
    field('name').value = 'Ada';
    field('message').value = 'Hello';
    (field('role') as unknown as HTMLSelectElement).value = 'Engineer';
    field('kind', 'b').checked = true;
    field('certify').checked = true;
    const giveBack = keepTypedFields(root);
    // Hydration writes the textarea back to what was served.
    field('message').value = '';
    giveBack();
    expect(field('message').value).toBe('Hello');
    expect(heard).toEqual([
      'input name=Ada',
      'change name=Ada',
      'input message=Hello',
      'change message=Hello',
      'input role=Engineer',
      'change role=Engineer',
      'input kind=true',
      'change kind=true',
      'input certify=true',
      'change certify=true',
    ]);
  });

  it('given nothing changed (a select showing its first or its marked option), then nothing is handed back', () => {
    const { root, heard } = served();
    keepTypedFields(root)();
    expect(heard).toEqual([]);
  });

  it('given a field the app rendered anew, then the old one is left alone', () => {
    const { root, field, heard } = served();
    field('name').value = 'Ada';
    const giveBack = keepTypedFields(root);
    field('name').remove();
    giveBack();
    expect(heard).toEqual([]);
  });
});
