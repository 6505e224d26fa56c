/**
 * widgets/catalog.ts is the one list of widgets: what cannot derive from it (TypeScript's
 * re-exports and element types, the size budgets) must agree with it, and each failure names
 * the line to write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import budgets from '../budgets.json' with { type: 'json' };
import { ELEMENT_WIDGETS, WIDGETS, tagOf } from './catalog.ts';
import { SPARTAN_ATTRIBUTES } from './elements.ts';
import * as library from './index.ts';
import * as register from './register.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const pascal = (folder: string) =>
  folder.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase());

describe('the widget catalog', () => {
  it('lists every widget folder that has a component entry or an element, and only those', () => {
    const folders = fs
      .readdirSync(here, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .filter((name) =>
        ['lib.ts', 'element.ts'].some((f) => fs.existsSync(path.join(here, name, f))),
      );
    expect(folders.sort()).toEqual(WIDGETS.map((w) => w.folder).sort());
    for (const w of WIDGETS) {
      expect(fs.existsSync(path.join(here, w.folder, 'lib.ts')), `widgets/${w.folder}/lib.ts`).toBe(
        true,
      );
      expect(
        fs.existsSync(path.join(here, w.folder, 'element.ts')),
        `widgets/${w.folder}/element.ts`,
      ).toBe(w.element);
    }
  });

  it('has each component exported by widgets/index.ts', () => {
    for (const w of WIDGETS)
      expect(library, `export ${w.component} in widgets/index.ts`).toHaveProperty(w.component);
  });

  it('has each element exported by widgets/register.ts, typed in widgets/elements.ts and given a size budget', () => {
    for (const w of ELEMENT_WIDGETS) {
      const tag = tagOf(w);
      expect(
        register,
        `export Spartan${pascal(w.folder)}Element in widgets/register.ts`,
      ).toHaveProperty(`Spartan${pascal(w.folder)}Element`);
      expect(
        SPARTAN_ATTRIBUTES,
        `${tag} in SPARTAN_ATTRIBUTES (widgets/elements.ts)`,
      ).toHaveProperty(tag);
      expect(
        budgets.budgets.some(
          (b) => b.kind === 'widget' && b.entry === `${tag}.js` && !('followDynamic' in b),
        ),
        `a budget for ${tag}.js in budgets.json`,
      ).toBe(true);
    }
    expect(Object.keys(SPARTAN_ATTRIBUTES).sort()).toEqual(ELEMENT_WIDGETS.map(tagOf).sort());
  });
});
