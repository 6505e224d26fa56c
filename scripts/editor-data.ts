/**
 * Editor data for the `spartan-*` tags, generated from custom-elements.json and shipped in the
 * npm package: VS Code's HTML custom data (`html.customData`) and JetBrains web-types (found
 * through the package's `web-types` field). Both carry each tag's description, attributes
 * (with their values where the type lists them), events, parts and custom properties.
 */

/** The part of a Custom Elements Manifest that the editor data and the reference read. */
export interface Item {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
}
export interface Element {
  tagName?: string;
  description?: string;
  attributes?: Item[];
  events?: Item[];
  cssParts?: Item[];
  cssProperties?: Item[];
}
export interface Manifest {
  modules: Array<{ declarations: Element[] }>;
}

const elementsOf = (manifest: Manifest) =>
  manifest.modules.flatMap((m) => m.declarations).filter((d) => d.tagName);

/** The string literals of a union type such as `'carousel' | 'grid' | string`. */
const literals = (type = ''): string[] =>
  [...type.matchAll(/'([^']*)'/g)].map(([, v = '']) => v).filter(Boolean);

/** Parts, events and properties as a paragraph of the tag's description. */
function details(el: Element): string {
  const list = (title: string, items: Item[] = []) =>
    items.length ? `\n\n${title}: ${items.map((i) => `\`${i.name}\``).join(', ')}` : '';
  return (
    (el.description ?? '') +
    list('Events', el.events) +
    list('Parts', el.cssParts) +
    list('CSS custom properties', el.cssProperties)
  );
}

export function vscodeCustomData(manifest: Manifest): object {
  return {
    version: 1.1,
    tags: elementsOf(manifest).map((el) => ({
      name: el.tagName,
      description: { kind: 'markdown', value: details(el) },
      attributes: (el.attributes ?? []).map((a) => ({
        name: a.name,
        description: a.description ?? '',
        ...(literals(a.type?.text).length
          ? { values: literals(a.type?.text).map((name) => ({ name })) }
          : {}),
      })),
    })),
  };
}

export function webTypes(manifest: Manifest, name: string, version: string): object {
  const described = (items: Item[] = []) =>
    items.map((i) => ({
      name: i.name,
      description: i.description ?? '',
      ...(i.default ? { default: i.default } : {}),
    }));
  return {
    $schema: 'https://json.schemastore.org/web-types',
    name,
    version,
    'description-markup': 'markdown',
    contributions: {
      html: {
        elements: elementsOf(manifest).map((el) => ({
          name: el.tagName,
          description: el.description ?? '',
          attributes: (el.attributes ?? []).map((a) => ({
            name: a.name,
            description: a.description ?? '',
            value: { type: a.type?.text ?? 'string' },
            ...(literals(a.type?.text).length
              ? { values: literals(a.type?.text).map((v) => ({ name: v })) }
              : {}),
          })),
          js: {
            events: (el.events ?? []).map((e) => ({
              name: e.name,
              description: `${e.description ?? ''} (${e.type?.text ?? 'CustomEvent'})`.trim(),
            })),
          },
          css: { parts: described(el.cssParts), properties: described(el.cssProperties) },
        })),
      },
    },
  };
}
