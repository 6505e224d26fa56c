/**
 * What `react` resolves to for react-simple-maps in the script-tag bundles.
 *
 * Every compat feature any widget touches is kept in the runtime chunk that
 * every widget loads, so a dependency loaded late (the map) must not make the
 * counter pay for features it alone needs. react-simple-maps uses:
 * - the default export, only for `createElement` (compat's default is an object
 *   holding all of compat: about 1.7 KB gzip);
 * - `memo`, only as an optimisation: here it is the identity;
 * - `forwardRef`, to pass refs to its SVG elements, which our map never asks for:
 *   here the render function is called with a null ref.
 * Together that keeps about 2 KB gzip out of every other widget's first load.
 */
import {
  createElement,
  Fragment,
  type ComponentType,
  type ForwardRefRenderFunction,
} from 'preact/compat';

// The rest of what react-simple-maps imports, as compat has it.
export {
  createContext,
  createElement,
  Fragment,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'preact/compat';

export function memo<P>(component: ComponentType<P>): ComponentType<P> {
  return component;
}

export function forwardRef<T, P>(render: ForwardRefRenderFunction<T, P>): ComponentType<P> {
  return (props: P) => render(props, null);
}

export default { createElement, Fragment };
