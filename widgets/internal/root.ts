/**
 * Mounts a React tree in a container: react-dom's createRoot. The script-tag
 * build swaps this module for root.preact.ts (see scripts/build-widgets.ts).
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
