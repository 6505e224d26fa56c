import { h } from 'preact';
import { useId } from 'preact/hooks';
import { renderToString } from 'preact-render-to-string';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { PREACT_ID, renderIslands } from './Island.tsx';

function Labelled() {
  const id = useId();
  return h('p', { id }, 'text');
}

describe('renderIslands', () => {
  it("given preact's useId, then its ids have the format the island rewrite expects", () => {
    const html = renderToString(h(Labelled, null));
    const id = /id="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(id).toMatch(new RegExp(`^${PREACT_ID.source}$`));
  });

  it("given an island rendered on its own, then its ids do not repeat the page's", async () => {
    const page = `${renderToString(h(Labelled, null))}<div id="hubs"><!--island:hubs--></div>`;
    const island = Labelled as unknown as ComponentType;
    const html = await renderIslands(
      page,
      [{ id: 'hubs', load: async () => island, props: {} }],
      () => renderToString(h(Labelled, null)),
    );
    const ids = [...html.matchAll(/id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(ids[2]).toMatch(/^hubs-\d+-\d+$/);
  });
});
