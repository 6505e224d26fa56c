/**
 * `#widget-root` in the script-tag bundles (the `preact` condition of package.json
 * "imports"): preact's own render, without compat's react-dom layer.
 */
import { render, type ComponentChild } from 'preact';
import type { WidgetRoot } from './root.ts';

export function createRoot(container: Element | DocumentFragment): WidgetRoot {
  return {
    render: (element) => render(element as ComponentChild, container),
    unmount: () => render(null, container),
  };
}
