/**
 * Route-level code splitting that prerenders and hydrates without a flash.
 * A page's module is loaded before the first render on the server and before
 * hydration in the browser (the prerendered HTML also modulepreloads it), so
 * both render the same tree; later navigations load the next page on demand.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useRenderState } from './render-state.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export interface LazyPage {
  (props: Record<string, unknown>): React.JSX.Element;
  /** Loads the page's module once; resolves when it can render synchronously. */
  preload: () => Promise<void>;
  /** The page's source file relative to site/, e.g. `pages/home.tsx` (its Vite manifest key). */
  source: string;
}

/**
 * A page loaded on demand: `lazyPage(() => import('./pages/x.tsx'), 'XPage')`. The route table
 * writes each page once; its manifest key (`source`, read only by the prerenderer) is added at
 * build time from the import specifier by pageKeyPlugin (scripts/vite-shared.ts).
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  source = '',
): LazyPage {
  let Loaded: AnyComponent | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then((module) => {
      Loaded = module[name] as AnyComponent;
    }));

  function Page(props: Record<string, unknown>) {
    const renderState = useRenderState();
    const [, setLoaded] = useState(Loaded !== null);
    const live = useRef(true);
    const waiting = useRef(false);
    // Waits on the load from the first render, not from an effect: effects run after paint,
    // and the route change's focus (App.tsx) must find the page, not "Loading…", when the
    // module arrives first.
    if (!Loaded && !waiting.current) {
      waiting.current = true;
      preload().then(
        () => live.current && setLoaded(true),
        () => {
          // A chunk that no longer exists (a new deploy) or a dropped connection: load the page
          // in full once, rather than stay on "Loading…".
          pending = null;
          if (live.current && document.documentElement.dataset.inSite !== undefined) {
            location.reload();
          }
        },
      );
    }
    useEffect(
      () => () => {
        live.current = false;
      },
      [],
    );
    if (!Loaded) {
      return (
        <p className="page-loading" role="status">
          Loading…
        </p>
      );
    }
    // Prerendering: the page's chunk is to be modulepreloaded with its HTML.
    if (renderState) {
      if (!source) throw new Error('A lazy page without its key: is pageKeyPlugin in the build?');
      renderState.pages.add(source);
    }
    return <Loaded {...props} />;
  }
  return Object.assign(Page, { preload, source });
}

export const isLazyPage = (component: unknown): component is LazyPage =>
  typeof component === 'function' && 'preload' in component;
