/**
 * A below-the-fold island: its HTML is prerendered, but its code loads only when
 * it comes near the viewport (or at once after a client-side navigation), so it
 * costs nothing on the page's first load.
 *
 * The island is not part of the page's component tree until it loads: the
 * prerenderer renders it separately and puts its HTML in the island's wrapper
 * (see `renderIslands`), and hydration keeps that markup untouched (preact
 * leaves innerHTML alone while hydrating). Once loaded, the component renders
 * fresh in its place. Hook ids (useId) of the page stay the same on both sides.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useRenderState, type PendingIsland } from '../render-state.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export interface IslandLoader {
  load: () => Promise<AnyComponent>;
  /** Set once loaded. */
  loaded: AnyComponent | null;
}

/** Declares an island's loader (module scope). */
export function island(load: () => Promise<AnyComponent>): IslandLoader {
  const entry: IslandLoader = {
    load: () => load().then((c) => (entry.loaded = c)),
    loaded: null,
  };
  return entry;
}

export interface IslandProps {
  /** Unique id of the island's wrapper in the page. */
  id: string;
  loader: IslandLoader;
  props?: Record<string, unknown>;
  className?: string;
}

const marker = (id: string) => `<!--island:${id}-->`;

/**
 * Prerendering: puts each island met during the page's render into its wrapper,
 * rendered by `renderToString` on its own (ids prefixed with the island's id).
 */
export async function renderIslands(
  html: string,
  islands: readonly PendingIsland[],
  renderToString: (component: AnyComponent, props: Record<string, unknown>) => string,
): Promise<string> {
  let out = html;
  for (const { id, load, props } of islands) {
    const component = await load();
    const inner = renderToString(component, props).replace(/\bP(\d+)-(\d+)\b/g, `${id}-$1-$2`);
    out = out.replace(marker(id), () => inner);
  }
  return out;
}

export function Island({ id, loader, props = {}, className }: IslandProps) {
  const ref = useRef<HTMLDivElement>(null);
  const renderState = useRenderState();
  const [Component, setComponent] = useState<AnyComponent | null>(() =>
    renderState ? null : loader.loaded,
  );
  // The prerendered markup, kept until the code is loaded; prerendering, a marker its HTML
  // replaces once the page is rendered.
  const [html] = useState(() => {
    if (!renderState) return document.getElementById(id)?.innerHTML ?? '';
    renderState.islands.push({ id, load: async () => loader.loaded ?? loader.load(), props });
    return marker(id);
  });

  useEffect(() => {
    if (Component) return;
    const load = () => void loader.load().then((c) => setComponent(() => c));
    const el = ref.current;
    if (!html || !el || typeof IntersectionObserver === 'undefined') return load();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: '400px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [Component, html, loader]);

  if (Component) {
    return (
      <div ref={ref} id={id} className={className}>
        <Component {...props} />
      </div>
    );
  }
  return <div ref={ref} id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
