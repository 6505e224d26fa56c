/**
 * Generates custom-elements.json (Custom Elements Manifest) with
 * @custom-elements-manifest/analyzer, run over every widget's element.ts.
 *
 * Our elements are made by `defineWidget({ tag, component, attributes, events })`, a call the
 * analyzer does not know (it finds `class … extends HTMLElement`). The plugin below reads that
 * call from the TypeScript AST: the exported name is the class, the tag, each attribute (its
 * type is the component prop's declared type) and each event, whose detail type is the one in
 * widgets/elements.ts (the same type TypeScript users get in `HTMLElementEventMap`). The
 * component's doc block then adds what only prose can say, with the analyzer's own tags:
 * the summary, `@attr` descriptions, `@fires`/`@event`, `@csspart` and `@cssprop`. A tag that
 * names an attribute or event the element does not have fails the generation, as does an event
 * with no detail type. tests/browser/manifest.test.ts checks the parts and custom properties
 * against the running elements.
 *
 * `npm run manifest -- --check` fails when the committed file is stale.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as analyzer from '@custom-elements-manifest/analyzer';
import type * as TS from 'typescript';
import { ROOT } from './paths.ts';
import { componentReference } from './reference.ts';
import { widgetEntries } from './widget-entries.ts';

// comment-parser is what the analyzer parses JSDoc tags with; we take the analyzer's copy.
const requireFromAnalyzer = createRequire(
  createRequire(import.meta.url).resolve('@custom-elements-manifest/analyzer'),
);
const { parse: parseComment } = requireFromAnalyzer('comment-parser') as {
  parse: (source: string) => Array<{
    description: string;
    tags: Array<{ tag: string; name: string; description: string }>;
  }>;
};

type Node = TS.Node;
type SourceFile = TS.SourceFile;

// The analyzer's typings declare its plugin types only: `create` and its own TypeScript (the
// one its plugins must use) are typed here.
const { create, ts } = analyzer as unknown as {
  create: (options: { modules: SourceFile[]; plugins: object[] }) => unknown;
  ts: typeof TS;
};

interface Described {
  name: string;
  description?: string;
}
// No `fieldName`: the elements have no properties of their own, only attributes.
interface Attribute extends Described {
  type: { text: string };
}
interface Event extends Described {
  type: { text: string };
}
interface ElementDoc {
  kind: 'class';
  name: string;
  description: string;
  tagName: string;
  customElement: true;
  superclass: { name: 'HTMLElement' };
  attributes: Attribute[];
  events: Event[];
  cssParts: Described[];
  cssProperties: Described[];
}
interface ModuleDoc {
  path: string;
  declarations: Array<{ kind: string; name: string }>;
  exports: Array<Record<string, unknown>>;
}

const EVENT_DETAILS_FILE = path.join(ROOT, 'widgets', 'elements.ts');
const TOKENS_FILE = path.join(ROOT, 'widgets', 'runtime', 'tokens.css');

/** What each theme token of tokens.css (adopted by every element) is for. */
const TOKEN_DESCRIPTIONS: Record<string, string> = {
  '--spartan-gold': 'accent colour',
  '--spartan-gold-strong': 'the accent where it must contrast with a light background',
  '--spartan-maroon': 'heading and highlight colour',
  '--spartan-ink': 'text colour',
  '--spartan-paper': 'background colour',
  '--spartan-muted': 'secondary text colour',
  '--spartan-focus': 'focus ring colour',
  '--spartan-radius': 'corner radius',
  '--spartan-font': 'font family',
};

/** The theme tokens every element adopts, with their defaults, from tokens.css. */
function themeTokens(): Array<Described & { default: string }> {
  const css = fs.readFileSync(TOKENS_FILE, 'utf8');
  return [...css.matchAll(/var\((--spartan-[a-z0-9-]+),\s*([^;]*)\)\s*;/g)].map(
    ([, name = '', fallback = '']) => {
      const description = TOKEN_DESCRIPTIONS[name];
      if (!description)
        throw new Error(`${rel(TOKENS_FILE)}: describe ${name} in scripts/manifest.ts`);
      return { name, description, default: fallback.trim() };
    },
  );
}
const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function sourceFile(file: string): SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

const propertyName = (node: Node): string =>
  ts.isIdentifier(node) || ts.isStringLiteral(node) ? node.text : node.getText();

/** The properties of an object literal, by name. */
function objectProperties(node: Node | undefined): Map<string, Node> {
  const out = new Map<string, Node>();
  if (!node || !ts.isObjectLiteralExpression(node)) return out;
  for (const p of node.properties) {
    if (ts.isPropertyAssignment(p) && p.name) out.set(propertyName(p.name), p.initializer);
  }
  return out;
}

/** SpartanEventDetails in widgets/elements.ts: each event's detail type, as written there. */
function eventDetailTypes(): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (node: Node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'SpartanEventDetails') {
      for (const m of node.members) {
        if (ts.isPropertySignature(m) && m.type)
          out.set(propertyName(m.name), oneLine(m.type.getText()));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile(EVENT_DETAILS_FILE));
  return out;
}

interface PropDoc {
  type: string;
  description: string;
}

/** Every interface under widgets/, by name: its members (type, doc comment) and what it extends. */
export function interfaces(): Map<string, { members: Map<string, PropDoc>; extends: string[] }> {
  const out = new Map<string, { members: Map<string, PropDoc>; extends: string[] }>();
  const files = fs
    .readdirSync(path.join(ROOT, 'widgets'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  for (const file of files) {
    const visit = (node: Node) => {
      if (ts.isInterfaceDeclaration(node)) {
        const members = new Map<string, PropDoc>();
        for (const m of node.members) {
          if (!ts.isPropertySignature(m) || !m.type) continue;
          const doc = ts
            .getJSDocCommentsAndTags(m)
            .map((d) => (typeof d.comment === 'string' ? d.comment : ''))
            .join(' ');
          members.set(propertyName(m.name), {
            type: oneLine(m.type.getText()),
            description: oneLine(doc),
          });
        }
        const bases = (node.heritageClauses ?? []).flatMap((h) =>
          h.types.map((t) => t.expression.getText()),
        );
        out.set(node.name.text, { members, extends: bases });
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile(file));
  }
  return out;
}

/** The first comment of a file when it is a doc block (`/** … *\/`). */
function fileDocBlock(file: string): string {
  const text = fs.readFileSync(file, 'utf8');
  const range = ts.getLeadingCommentRanges(text, 0)?.[0];
  const comment = range ? text.slice(range.pos, range.end) : '';
  return comment.startsWith('/**') ? comment : '';
}

/** The analyzer plugin that turns `export const X = defineWidget({...})` into a custom element. */
function defineWidgetPlugin() {
  const details = eventDetailTypes();
  const declared = interfaces();
  const tokens = themeTokens();
  const findProp = (iface: string, prop: string): PropDoc | undefined => {
    const decl = declared.get(iface);
    if (!decl) return undefined;
    return decl.members.get(prop) ?? decl.extends.map((b) => findProp(b, prop)).find(Boolean);
  };

  return {
    name: 'spartan-define-widget',
    analyzePhase({ node, moduleDoc }: { node: Node; moduleDoc: ModuleDoc }) {
      if (!ts.isVariableStatement(node)) return;
      for (const decl of node.declarationList.declarations) {
        const call = decl.initializer;
        if (!call || !ts.isCallExpression(call) || call.expression.getText() !== 'defineWidget')
          continue;
        const className = decl.name.getText();
        const options = objectProperties(call.arguments[0]);
        const tagNode = options.get('tag');
        if (!tagNode || !ts.isStringLiteral(tagNode)) throw new Error(`${moduleDoc.path}: no tag`);
        const propsType = call.typeArguments?.[0]?.getText() ?? '';
        const component = options.get('component')?.getText() ?? '';

        const attributes: Attribute[] = [...objectProperties(options.get('attributes'))].map(
          ([prop, kind]) => {
            const declaredProp = findProp(propsType, prop);
            const converted = (kind as TS.StringLiteral).text;
            return {
              name: kebab(prop),
              type: {
                text:
                  converted === 'string'
                    ? (declaredProp?.type ?? 'string').replace(/\s*\|\s*undefined$/, '')
                    : converted === 'json'
                      ? 'object'
                      : converted,
              },
              description: declaredProp?.description ?? '',
            };
          },
        );
        const events: Event[] = [...objectProperties(options.get('events'))].map(([, mapping]) => {
          const nameNode = objectProperties(mapping).get('name');
          const name = nameNode && ts.isStringLiteral(nameNode) ? nameNode.text : '';
          const detail = details.get(name);
          if (!detail) throw new Error(`${name}: no detail type in ${rel(EVENT_DETAILS_FILE)}`);
          return { name, type: { text: `CustomEvent<${detail}>` }, description: '' };
        });

        const element: ElementDoc = {
          kind: 'class',
          name: className,
          description: '',
          tagName: tagNode.text,
          customElement: true,
          superclass: { name: 'HTMLElement' },
          attributes,
          events,
          cssParts: [],
          cssProperties: [],
        };
        const componentFile = componentSource(node.getSourceFile(), component);
        if (componentFile) applyDocBlock(element, fileDocBlock(componentFile), rel(componentFile));
        // The theme tokens apply to every element; its doc block may say what one does there.
        for (const token of tokens) {
          const own = element.cssProperties.find((p) => p.name === token.name);
          if (own) Object.assign(own, { default: token.default });
          else element.cssProperties.push({ ...token });
        }
        element.cssProperties.sort((a, b) => a.name.localeCompare(b.name));

        // The analyzer recorded the binding as a variable; it is the element's class.
        moduleDoc.declarations = moduleDoc.declarations.filter((d) => d.name !== className);
        moduleDoc.declarations.push(element);
        moduleDoc.exports = moduleDoc.exports.filter((e) => e.name !== className);
        const declaration = { name: className, module: moduleDoc.path };
        moduleDoc.exports.push(
          { kind: 'js', name: className, declaration },
          { kind: 'custom-element-definition', name: element.tagName, declaration },
        );
      }
    },
  };
}

/** The file a component identifier is imported from, relative to the element's module. */
function componentSource(source: SourceFile, component: string): string | undefined {
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const names = statement.importClause?.namedBindings;
    if (
      names &&
      ts.isNamedImports(names) &&
      names.elements.some((e) => e.name.text === component)
    ) {
      return path.resolve(path.dirname(source.fileName), statement.moduleSpecifier.text);
    }
  }
  return undefined;
}

/** The summary, @attr, @fires/@event, @csspart and @cssprop of a doc block, as the analyzer reads them. */
function applyDocBlock(element: ElementDoc, block: string, where: string): void {
  const [parsed] = parseComment(block);
  if (!parsed) return;
  element.description = oneLine(parsed.description);
  for (const tag of parsed.tags) {
    const description = oneLine(tag.description.replace(/^-\s*/, ''));
    const entry = { name: tag.name, description };
    switch (tag.tag) {
      case 'attr':
      case 'attribute': {
        const attribute = element.attributes.find((a) => a.name === tag.name);
        if (!attribute)
          throw new Error(`${where}: @attr ${tag.name} is not an attribute of ${element.tagName}`);
        attribute.description = description;
        break;
      }
      case 'fires':
      case 'event': {
        const event = element.events.find((e) => e.name === tag.name);
        if (!event)
          throw new Error(
            `${where}: @${tag.tag} ${tag.name} is not an event of ${element.tagName}`,
          );
        event.description = description;
        break;
      }
      case 'csspart':
      case 'part':
        element.cssParts.push(entry);
        break;
      case 'cssprop':
      case 'cssproperty':
        element.cssProperties.push(entry);
        break;
    }
  }
  for (const item of [...element.attributes, ...element.events]) {
    if (!item.description)
      throw new Error(`${where}: ${element.tagName} ${item.name} has no description`);
  }
  element.cssParts.sort((a, b) => a.name.localeCompare(b.name));
}

export function generateManifest(): object {
  const files = Object.values(widgetEntries());
  const modules = files.map((file) => {
    const source = sourceFile(file);
    // The manifest names modules by their path in the repository.
    (source as { fileName: string }).fileName = rel(file);
    return source;
  });
  // The analyzer resolves relative paths against the working directory.
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    const manifest = create({ modules, plugins: [defineWidgetPlugin()] }) as {
      modules: ModuleDoc[];
    };
    return { schemaVersion: '2.1.0', readme: 'README.md', modules: manifest.modules };
  } finally {
    process.chdir(cwd);
  }
}

/** custom-elements.json and the reference generated beside it (docs/COMPONENTS.md), by file. */
export async function generatedFiles(): Promise<Record<string, string>> {
  const manifest = generateManifest() as Parameters<typeof componentReference>[0];
  return {
    'custom-elements.json': JSON.stringify(manifest, null, 2) + '\n',
    'docs/COMPONENTS.md': componentReference(manifest),
  };
}

export async function writeManifest(check = false): Promise<boolean> {
  let fresh = true;
  for (const [name, text] of Object.entries(await generatedFiles())) {
    const file = path.join(ROOT, name);
    if (!check) fs.writeFileSync(file, text);
    else if ((fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '') !== text) {
      console.error(`${name} is stale: run \`npm run manifest\` and commit it.`);
      fresh = false;
    }
  }
  return fresh;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeManifest(process.argv.includes('--check')).then(
    (ok) => process.exit(ok ? 0 : 1),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
