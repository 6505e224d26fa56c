/** Prerendering entry (built for Node by scripts/build-site.ts): a route's HTML, title and page chunks. */
import { renderToString } from 'preact-render-to-string';
import { h, type ComponentType } from 'preact';
import { App } from './App.tsx';
import { renderIslands } from './components/Island.tsx';
import { isLazyPage } from './lazy.tsx';
import { newRenderState } from './render-state.ts';
import { documentTitle } from './navigation.ts';
import { allRoutes, matchRoute, prerenderedRoutes } from './routes.tsx';

export interface RenderedRoute {
  /** The route's path pattern (the browser hydrates only when its URL matches the same route). */
  route: string;
  html: string;
  title: string;
  description: string | undefined;
  /** Source files (relative to site/) of the page modules the HTML needs before hydration. */
  pages: string[];
}

export const DEFAULT_DESCRIPTION =
  'The Spartans: a community of 300,000 members and the Private Spartan Wealth Fund.';

export async function renderRoute(url: string): Promise<RenderedRoute> {
  const route = matchRoute(url);
  if (isLazyPage(route.component)) await route.component.preload();
  const state = newRenderState();
  const page = renderToString(<App url={url} renderState={state} />);
  const html = await renderIslands(page, state.islands, (component, props) =>
    renderToString(h(component as ComponentType, props)),
  );
  return {
    route: route.path,
    html,
    title: documentTitle(route.title),
    description: route.description ?? DEFAULT_DESCRIPTION,
    pages: [...state.pages],
  };
}

/** Paths to write as dist/site/<path>/index.html. */
export const prerenderPaths = (): string[] => prerenderedRoutes().map((r) => r.path);

/**
 * Routes not prerendered (guarded or parameterised, e.g. `/staff/:rest*`): an
 * empty shell is written at their static prefix (`/staff`), rendered in the browser.
 */
export const shellRoutes = (): Array<{ path: string; route: string; title: string }> => {
  const prerendered = new Set(prerenderPaths());
  return allRoutes
    .filter((r) => r.prerender === false)
    .map((r) => ({
      path: r.path.split('/:')[0] ?? '',
      route: r.path,
      title: documentTitle(r.title),
    }))
    .filter((s) => s.path && s.path !== '/' && !prerendered.has(s.path));
};

/** A URL no route matches, rendered as dist/site/404.html. */
export const NOT_FOUND_URL = '/__not-found__';
