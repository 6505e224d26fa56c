/** The script-tag entries: each element widget of widgets/catalog.ts, widgets/<folder>/element.ts → spartan-<folder>.js. */
import path from 'node:path';
import { ELEMENT_WIDGETS, tagOf } from '../widgets/catalog.ts';
import { ROOT } from './paths.ts';

export function widgetEntries(): Record<string, string> {
  // In the folders' order, as custom-elements.json lists them.
  const widgets = [...ELEMENT_WIDGETS].sort((a, b) => a.folder.localeCompare(b.folder));
  return Object.fromEntries(
    widgets.map((w) => [tagOf(w), path.join(ROOT, 'widgets', w.folder, 'element.ts')]),
  );
}
