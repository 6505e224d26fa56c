/**
 * The widgets, listed once. Everything else that names every widget derives from this list:
 *
 * - the script-tag entries (`widgets/<folder>/element.ts` → `dist/widgets/spartan-<folder>.js`,
 *   scripts/widget-entries.ts) and so custom-elements.json (scripts/manifest.ts);
 * - the npm package's subpath entries (`widgets/<folder>/lib.ts` → `spartan-platform/<folder>`,
 *   scripts/build-lib.ts) and the generated reference in docs/COMPONENTS.md;
 * - the embed builder's list (site/embed/snippets.ts).
 *
 * What TypeScript needs spelt out (the re-exports of widgets/index.ts and widgets/register.ts,
 * the attribute and event types of widgets/elements.ts) and the size budgets (budgets.json) are
 * checked against it by widgets/catalog.test.ts, which names what is missing. So adding a widget
 * means its folder (the component, `styles.ts`, `element.ts` when it is an element, and `lib.ts`)
 * and a row here; the test says which other line to write.
 */
export interface WidgetInfo {
  /** Its folder under widgets/, also the package's subpath (`spartan-platform/<folder>`). */
  folder: string;
  /** The React component's name, as the package exports it. */
  component: string;
  /** Whether it is also the custom element `spartan-<folder>` (with `element.ts`). */
  element: boolean;
  /** What the embed builder calls it (elements only). */
  title?: string;
  /** What the React component learns from the SpartanProvider (the element knows its server). */
  server?: 'apiBase' | 'mediaBase' | 'geoUrl';
}

export const WIDGETS = [
  { folder: 'counter', component: 'WealthCounter', element: true, title: 'Wealth-fund counter' },
  { folder: 'banner', component: 'StateBanner', element: true, title: 'State banner' },
  {
    folder: 'explainers',
    component: 'Explainers',
    element: true,
    title: 'Explainer videos',
    server: 'mediaBase',
  },
  {
    folder: 'hub-map',
    component: 'HubMap',
    element: true,
    title: 'Innovation hubs map',
    server: 'geoUrl',
  },
  {
    folder: 'apply-form',
    component: 'ApplyForm',
    element: true,
    title: 'Spartan application form',
    server: 'apiBase',
  },
  {
    folder: 'invest-form',
    component: 'InvestForm',
    element: true,
    title: 'Investor application form',
    server: 'apiBase',
  },
  {
    folder: 'login',
    component: 'LoginForm',
    element: true,
    title: 'Staff login',
    server: 'apiBase',
  },
  { folder: 'carousel', component: 'Carousel', element: false },
] as const satisfies readonly WidgetInfo[];

export type Widget = (typeof WIDGETS)[number];

/** The widgets that are also custom elements. */
export const ELEMENT_WIDGETS = WIDGETS.filter(
  (w): w is Extract<Widget, { element: true }> => w.element,
);

/** A widget's element tag. */
export const tagOf = <F extends string>(widget: { folder: F }): `spartan-${F}` =>
  `spartan-${widget.folder}`;
