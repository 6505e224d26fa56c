/** Every widget folder with an element.ts is a script-tag entry: widgets/<name>/element.ts → spartan-<name>.js. */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.ts';

export function widgetEntries(): Record<string, string> {
  const dir = path.join(ROOT, 'widgets');
  const entries: Record<string, string> = {};
  for (const name of fs.readdirSync(dir).sort()) {
    const element = path.join(dir, name, 'element.ts');
    if (fs.existsSync(element)) entries[`spartan-${name}`] = element;
  }
  return entries;
}
