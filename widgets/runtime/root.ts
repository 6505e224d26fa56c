/**
 * Mounts a React tree in a container: react-dom's createRoot. What `#widget-root` resolves to
 * by default (the npm library, tests); the script-tag bundles get root.preact.ts through the
 * `preact` condition of package.json "imports".
 */
import type { ReactElement } from 'react';
import { createRoot as createReactRoot } from 'react-dom/client';

export interface WidgetRoot {
  render(element: ReactElement): void;
  unmount(): void;
}

export function createRoot(container: Element | DocumentFragment): WidgetRoot {
  return createReactRoot(container);
}
