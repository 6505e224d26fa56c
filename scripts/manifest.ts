/**
 * Generates custom-elements.json (Custom Elements Manifest, schema 2.1) from
 * each widget's element.ts (tag, attributes, events) and the doc block of the
 * component it wraps (summary, @attr, @event, @csspart, @cssprop).
 * `npm run manifest -- --check` fails when the committed file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.ts';
import { widgetEntries } from './widget-entries.ts';

interface Described {
  name: string;
  description: string;
}

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

function docBlock(source: string): string {
  const match = /\/\*\*([\s\S]*?)\*\//.exec(source);
  return match?.[1]?.replace(/^\s*\* ?/gm, '').trim() ?? '';
}

function tagged(doc: string, tag: string): Described[] {
  const out: Described[] = [];
  const re = new RegExp(`^@${tag}\\s+(\\S+)(?:\\s+-\\s+(.*))?$`, 'gm');
  for (const m of doc.matchAll(re))
    out.push({ name: m[1] ?? '', description: (m[2] ?? '').trim() });
  return out;
}

function summary(doc: string): string {
  return doc
    .split('\n')
    .filter((line) => !line.startsWith('@'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function generateManifest(): object {
  const modules = Object.entries(widgetEntries()).map(([entry, elementPath]) => {
    const element = fs.readFileSync(elementPath, 'utf8');
    const tag = /tag:\s*'([a-z0-9-]+)'/.exec(element)?.[1] ?? entry;
    const componentImport = /import\s*\{\s*(\w+)[^}]*\}\s*from\s*'(\.\/[\w-]+\.tsx)'/.exec(element);
    const componentName = componentImport?.[1] ?? 'Component';
    const componentFile = componentImport?.[2]
      ? path.join(path.dirname(elementPath), componentImport[2])
      : '';
    const doc =
      componentFile && fs.existsSync(componentFile)
        ? docBlock(fs.readFileSync(componentFile, 'utf8'))
        : '';
    const attrDocs = new Map(tagged(doc, 'attr').map((a) => [a.name, a.description]));
    const attrBlock = /attributes:\s*\{([^}]*)\}/.exec(element)?.[1] ?? '';
    const attributes = [...attrBlock.matchAll(/(\w+):\s*'(\w+)'/g)].map(
      ([, prop = '', type = 'string']) => ({
        name: kebab(prop),
        fieldName: prop,
        type: { text: type === 'json' ? 'object' : type },
        description: attrDocs.get(kebab(prop)) ?? '',
      }),
    );
    const eventDocs = new Map(tagged(doc, 'event').map((e) => [e.name, e.description]));
    const events = [...element.matchAll(/name:\s*'(spartan-[a-z-]+)'/g)].map(([, name = '']) => ({
      name,
      type: { text: 'CustomEvent' },
      description: eventDocs.get(name) ?? '',
    }));
    const rel = path.relative(ROOT, elementPath).split(path.sep).join('/');
    return {
      kind: 'javascript-module',
      path: rel,
      declarations: [
        {
          kind: 'class',
          customElement: true,
          name: componentName + 'Element',
          tagName: tag,
          description: summary(doc),
          attributes,
          events,
          cssParts: tagged(doc, 'csspart'),
          cssProperties: tagged(doc, 'cssprop'),
        },
      ],
      exports: [
        {
          kind: 'custom-element-definition',
          name: tag,
          declaration: { name: componentName + 'Element', module: rel },
        },
      ],
    };
  });
  return { schemaVersion: '2.1.0', readme: 'README.md', modules };
}

export async function writeManifest(check = false): Promise<boolean> {
  const file = path.join(ROOT, 'custom-elements.json');
  const text = JSON.stringify(generateManifest(), null, 2) + '\n';
  if (check) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (current !== text) {
      console.error('custom-elements.json is stale: run `npm run manifest` and commit it.');
      return false;
    }
    return true;
  }
  fs.writeFileSync(file, text);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeManifest(process.argv.includes('--check')).then((ok) => process.exit(ok ? 0 : 1));
}
