/**
 * What `react` is for react-simple-maps in our bundles (scripts/vite-shared.ts, `shims`):
 * preact's core and hooks, plus the two React APIs it wraps its components in, reduced to what
 * our map needs, so the map chunk does not carry preact/compat (about 3.2 KB on the wire;
 * docs/REACT.md).
 * - `memo` is an optimisation only: here it returns the component as it is.
 * - `forwardRef` lets a caller reach the library's SVG elements; MapView passes no `ref` to
 *   them, so the render function gets `null`.
 * shims.test.ts fails if react-simple-maps imports anything else from react, or if MapView
 * starts passing a ref to one of its components.
 */
import {
  createElement,
  Fragment,
  type ComponentType,
  type FunctionComponent,
  type VNode,
} from 'preact';

export { createContext, createElement, Fragment } from 'preact';
export { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';

export function memo<P>(component: ComponentType<P>): ComponentType<P> {
  return component;
}

export function forwardRef<P>(render: (props: P, ref: null) => VNode | null): FunctionComponent<P> {
  return (props: P) => render(props, null);
}

export default { createElement, Fragment };
