/**
 * Browser entry: loads the current page's chunk, then hydrates the prerendered
 * HTML, keeping what the visitor typed into its forms meanwhile. A page the server
 * could not prerender for this URL (a parameterised or guarded route, served from
 * its shell or the not-found page) is rendered fresh.
 */
import { hydrate, render, type ComponentChild } from 'preact';
import { App } from './App.tsx';
import { isLazyPage } from './lazy.tsx';
import { documentTitle } from './navigation.ts';
import { matchRoute } from './routes.tsx';
import { keepTypedFields } from './typed-before-hydration.ts';
import './styles/index.ts';

const root = document.getElementById('app');
if (root) {
  const route = matchRoute(window.location.pathname);
  const ready = isLazyPage(route.component) ? route.component.preload() : Promise.resolve();
  void ready.then(() => {
    const app = (<App />) as unknown as ComponentChild;
    if (root.dataset.route === route.path && root.firstElementChild) {
      const giveBack = keepTypedFields(root);
      hydrate(app, root);
      return giveBack();
    }
    root.textContent = '';
    render(app, root);
    document.title = documentTitle(route.title);
  });
}
