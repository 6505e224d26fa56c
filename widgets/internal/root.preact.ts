/**
 * The script-tag build's root: preact's own render, without compat's
 * react-dom layer (createRoot, hydrate, unmountComponentAtNode) in the runtime chunk.
 */
import { render, type ComponentChild } from 'preact';
import type { WidgetRoot } from './root.ts';

export function createRoot(container: Element | DocumentFragment): WidgetRoot {
  return {
    render: (element) => render(element as ComponentChild, container),
    unmount: () => render(null, container),
  };
}
