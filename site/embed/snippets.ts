/**
 * The embed builder's model: the widgets a partner can embed, their attributes (the typed list
 * in widgets/elements.ts), the theme colours, and the snippets to copy: the script tag, the
 * element and its CSS for any page, and the component for a React app.
 */
import { ELEMENT_WIDGETS, tagOf } from '../../widgets/catalog.ts';
import { SPARTAN_ATTRIBUTES, type SpartanTag } from '../../widgets/elements.ts';

export interface EmbedWidget {
  tag: SpartanTag;
  name: string;
  /** The React component of the npm package. */
  component: string;
  /** What the React component learns from the SpartanProvider (the element knows its server). */
  server?: 'apiBase' | 'mediaBase' | 'geoUrl';
}

/** The elements of widgets/catalog.ts, in its order. */
export const EMBED_WIDGETS: readonly EmbedWidget[] = ELEMENT_WIDGETS.map((w) => ({
  tag: tagOf(w),
  name: w.title,
  component: w.component,
  ...('server' in w ? { server: w.server } : {}),
}));

/** What to type into each attribute (shown as its hint). */
export const ATTRIBUTE_HINTS: Record<string, string> = {
  'start-date': 'ISO date the fund started, e.g. 2024-12-15T00:00:00Z',
  label: 'The caption above the amount',
  message: 'The banner text (default: the call to help reduce the national debt)',
  layout: 'Carousel (default) or grid',
  heading: 'The heading above the widget',
  'media-base': 'Where the videos load from (default: this server)',
  'api-base': 'The Spartans server (default: this server)',
  'success-url': 'The page to open after a successful application (the id is added)',
};

export const attributesOf = (tag: SpartanTag): readonly string[] => SPARTAN_ATTRIBUTES[tag];

/** The theme colours a partner may set, with the widgets' own defaults. */
export const THEME_COLOURS = [
  { property: '--spartan-gold', label: 'Accent (gold)', value: '#c9a227' },
  { property: '--spartan-maroon', label: 'Headings and highlights (maroon)', value: '#7a1f2b' },
  { property: '--spartan-ink', label: 'Text (ink)', value: '#141414' },
  { property: '--spartan-paper', label: 'Background (paper)', value: '#ffffff' },
] as const;

export type ThemeProperty = (typeof THEME_COLOURS)[number]['property'];

export interface EmbedChoice {
  widget: EmbedWidget;
  /** Attribute values; empty ones are left out. */
  attributes: Record<string, string>;
  /** Theme colours that differ from the defaults. */
  theme: Partial<Record<ThemeProperty, string>>;
}

/** The attributes given a value, in the element's order (an empty one keeps its default). */
const setAttributes = (choice: EmbedChoice): Array<[string, string]> =>
  attributesOf(choice.widget.tag)
    .map((name): [string, string] => [name, (choice.attributes[name] ?? '').trim()])
    .filter(([, value]) => value !== '');

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The snippet for any page: script tag, element, and the theme as CSS. */
export function htmlSnippet(origin: string, choice: EmbedChoice): string {
  const { tag } = choice.widget;
  const attrs = setAttributes(choice)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const lines = [
    `<script type="module" src="${origin}/widgets/${tag}.js"></script>`,
    `<${tag}${attrs}></${tag}>`,
  ];
  const theme = Object.entries(choice.theme);
  if (theme.length) {
    lines.push(
      '<style>',
      `  ${tag} {`,
      ...theme.map(([property, value]) => `    ${property}: ${value};`),
      '  }',
      '</style>',
    );
  }
  return lines.join('\n');
}

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/** A JSX attribute: `name="value"` where that is plain, else `name={"…"}`. */
const jsxProp = (name: string, value: string) =>
  /^[^"\\{}<>&]*$/.test(value) ? `${name}="${value}"` : `${name}={${JSON.stringify(value)}}`;

/**
 * The snippet for a React app using the npm package. A component that talks to the server finds
 * it through a SpartanProvider (one around the app serves every component).
 */
export function reactSnippet(origin: string, choice: EmbedChoice): string {
  const { component, server } = choice.widget;
  const props = setAttributes(choice).map(([name, value]) => [camelCase(name), value] as const);
  const theme = Object.entries(choice.theme);
  let jsx = [`<${component}${props.map(([n, v]) => ` ${jsxProp(n, v)}`).join('')} />`];
  const wrap = (open: string, close: string) => {
    jsx = [open, ...jsx.map((line) => `  ${line}`), close];
  };
  if (theme.length) wrap('<div style={theme}>', '</div>');
  if (server) wrap(`<SpartanProvider ${jsxProp('server', origin)}>`, '</SpartanProvider>');
  const names = server ? [component, 'SpartanProvider'].sort() : [component];
  const lines = [`import { ${names.join(', ')} } from 'spartan-platform';`];
  if (theme.length) lines[0] = `import type { CSSProperties } from 'react';\n${lines[0]}`;
  lines.push('', `export function Spartan${component}() {`);
  if (server)
    lines.push('  // One SpartanProvider around your app serves every Spartans component.');
  if (theme.length) {
    const style = theme.map(([p, v]) => `'${p}': '${v}'`).join(', ');
    lines.push(`  const theme = { ${style} } as CSSProperties;`);
  }
  if (jsx.length === 1) lines.push(`  return ${jsx[0]};`);
  else lines.push('  return (', ...jsx.map((line) => `    ${line}`), '  );');
  lines.push('}');
  return lines.join('\n');
}
