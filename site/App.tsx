/**
 * The site: preact-router over the route table, each route in its layout
 * ('main': header, state banner, footer; 'bare': the page alone). Rendered to
 * HTML at build time (`url` given) and hydrated in the browser.
 */
import { useEffect, type ComponentType, type ReactNode } from 'react';
import Router from 'preact-router';
import { Layout } from './chrome/Layout.tsx';
import { isLazyPage } from './lazy.tsx';
import { afterRouteChange } from './navigation.ts';
import { RenderStateContext, type RenderState } from './render-state.ts';
import { allRoutes, notFoundRoute } from './routes.tsx';
import type { SiteRoute } from './route-types.ts';

export interface RouteChange {
  url: string;
  previous?: string;
  current?: { props: { route?: SiteRoute } } | null;
}

// preact-router is typed against preact's JSX; the site is written to the React API, which runs on
// preact's core in the bundle (docs/REACT.md).
const SiteRouter = Router as unknown as ComponentType<{
  url?: string;
  onChange?: (change: RouteChange) => void;
  children: ReactNode;
}>;

interface RouteViewProps {
  route: SiteRoute;
  /** Set by the router. */
  url?: string;
  path?: string;
  default?: boolean;
}

function RouteView({ route, url = '/', ...params }: RouteViewProps) {
  const Page = route.component;
  const page = <Page {...params} url={url} />;
  return route.layout === 'bare' ? page : <Layout url={url}>{page}</Layout>;
}

/** Route changes so far: only the latest one's page, once ready, is announced. */
let routeChanges = 0;

export function onRouteChange(change: RouteChange): void {
  // The first render is the prerendered page itself: nothing to announce.
  if (change.previous === undefined || typeof window === 'undefined') return;
  const route = change.current?.props.route ?? notFoundRoute;
  const ready = isLazyPage(route.component) ? route.component.preload() : Promise.resolve();
  // Once the page has rendered: after the router's render and the page chunk. A page whose chunk
  // comes after the visitor has gone on to another takes neither the title nor focus from it.
  const thisChange = ++routeChanges;
  void ready.then(() =>
    requestAnimationFrame(() => {
      if (thisChange === routeChanges) afterRouteChange(route.title);
    }),
  );
}

export interface AppProps {
  /** The URL to render (prerendering); the browser's location otherwise. */
  url?: string;
  /** Prerendering: what this render collects (render.tsx); none in the browser. */
  renderState?: RenderState;
}

export function App({ url, renderState }: AppProps) {
  // Marks the document once the app has hydrated and the first render's effects have run (a
  // parent's effects run after its children's): what a page's code does on arrival is done. The
  // browser tests that hold the page's clock still wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  // The provider is there on both sides, so that the tree (and its hook ids) hydrates as rendered.
  return (
    <RenderStateContext.Provider value={renderState ?? null}>
      <SiteRouter {...(url === undefined ? {} : { url })} onChange={onRouteChange}>
        {allRoutes.map((route) => (
          <RouteView key={route.path} path={route.path} route={route} />
        ))}
        <RouteView default route={notFoundRoute} />
      </SiteRouter>
    </RenderStateContext.Provider>
  );
}
