/** Browser entry: loads the current page's chunk, then hydrates the prerendered HTML. */
import { hydrate, type ComponentChild } from 'preact';
import { App } from './App.tsx';
import { isLazyPage } from './lazy.tsx';
import { matchRoute } from './routes.tsx';
import './styles/index.ts';

const root = document.getElementById('app');
if (root) {
  const { component } = matchRoute(window.location.pathname);
  const ready = isLazyPage(component) ? component.preload() : Promise.resolve();
  void ready.then(() => hydrate((<App />) as unknown as ComponentChild, root));
}
