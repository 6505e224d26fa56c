/**
 * What one prerender of a route collects as it renders, passed down explicitly (App's
 * `renderState`, read through this context) instead of kept in module globals: the page modules
 * it rendered (their chunks are modulepreloaded) and the islands whose HTML is rendered after the
 * page (components/Island.tsx). In the browser there is none.
 */
import { createContext, useContext, type ComponentType } from 'react';

export interface PendingIsland {
  /** The island wrapper's id. */
  id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  load: () => Promise<ComponentType<any>>;
  props: Record<string, unknown>;
}

export interface RenderState {
  /** Source files (relative to site/) of the page modules rendered. */
  pages: Set<string>;
  /** Islands met while rendering, in order. */
  islands: PendingIsland[];
}

export const newRenderState = (): RenderState => ({ pages: new Set(), islands: [] });

export const RenderStateContext = createContext<RenderState | null>(null);

/** The prerender's state, or null in the browser. */
export const useRenderState = (): RenderState | null => useContext(RenderStateContext);
