/** The embed builder's snippets: attribute order, escaping, theme CSS and the React props. */
import { describe, expect, it } from 'vitest';
import { EMBED_WIDGETS, htmlSnippet, reactSnippet, type EmbedChoice } from './snippets.ts';

const widget = (tag: string) => EMBED_WIDGETS.find((w) => w.tag === tag)!;
const ORIGIN = 'https://spartans.example';

describe('embed snippets', () => {
  it('offers every element', () => {
    expect(EMBED_WIDGETS.map((w) => w.tag).sort()).toEqual([
      'spartan-apply-form',
      'spartan-banner',
      'spartan-counter',
      'spartan-explainers',
      'spartan-hub-map',
      'spartan-invest-form',
      'spartan-login',
    ]);
  });

  it('writes the given attributes in the element’s order, escaped, and leaves empty ones out', () => {
    const choice: EmbedChoice = {
      widget: widget('spartan-explainers'),
      attributes: { heading: 'Ours & "theirs" <b>', layout: 'grid', 'media-base': '  ' },
      theme: {},
    };
    expect(htmlSnippet(ORIGIN, choice)).toBe(
      `<script type="module" src="${ORIGIN}/widgets/spartan-explainers.js"></script>\n` +
        '<spartan-explainers layout="grid" heading="Ours &amp; &quot;theirs&quot; &lt;b>"></spartan-explainers>',
    );
    expect(reactSnippet(ORIGIN, choice)).toContain(
      `<Explainers layout="grid" heading={"Ours & \\"theirs\\" <b>"} />`,
    );
  });

  it('puts the theme in CSS for the element and in a style for the component', () => {
    const choice: EmbedChoice = {
      widget: widget('spartan-counter'),
      attributes: {},
      theme: { '--spartan-gold': '#123456' },
    };
    expect(htmlSnippet(ORIGIN, choice)).toContain(
      '<style>\n  spartan-counter {\n    --spartan-gold: #123456;\n  }\n</style>',
    );
    const react = reactSnippet(ORIGIN, choice);
    expect(react).toContain("const theme = { '--spartan-gold': '#123456' } as CSSProperties;");
    expect(react).toContain('<WealthCounter />');
  });

  it('names this server in a SpartanProvider for a component that talks to it, around its theme', () => {
    const map: EmbedChoice = { widget: widget('spartan-hub-map'), attributes: {}, theme: {} };
    expect(reactSnippet(ORIGIN, map)).toBe(
      [
        "import { HubMap, SpartanProvider } from 'spartan-platform';",
        '',
        'export function SpartanHubMap() {',
        '  // One SpartanProvider around your app serves every Spartans component.',
        '  return (',
        `    <SpartanProvider server="${ORIGIN}">`,
        '      <HubMap />',
        '    </SpartanProvider>',
        '  );',
        '}',
      ].join('\n'),
    );
    const form: EmbedChoice = {
      widget: widget('spartan-apply-form'),
      attributes: { 'api-base': 'https://api.example' },
      theme: { '--spartan-gold': '#123456' },
    };
    const react = reactSnippet(ORIGIN, form);
    expect(react).toContain(
      [
        `    <SpartanProvider server="${ORIGIN}">`,
        '      <div style={theme}>',
        '        <ApplyForm apiBase="https://api.example" />',
        '      </div>',
        '    </SpartanProvider>',
      ].join('\n'),
    );
    const counter: EmbedChoice = { widget: widget('spartan-counter'), attributes: {}, theme: {} };
    expect(reactSnippet(ORIGIN, counter)).not.toContain('SpartanProvider');
  });
});
