/**
 * What every component takes for its root element, as React developers expect of a component:
 * `className` (added to its own `spartan-*` classes), `id` and `style`, and the element itself
 * through `ref` (each widget's lib.ts turns the package's `ref` into `rootRef`, which React 18
 * needs: it passes no `ref` prop to a function component). The custom elements set none of them.
 */
import type { CSSProperties, Ref, RefObject } from 'react';
import { useRootRef } from '#root-ref';

export interface RootProps {
  /** Classes added to the root element's own `spartan-*` ones. */
  className?: string | undefined;
  /** The root element's id. */
  id?: string | undefined;
  /** Inline style of the root element (the `--spartan-*` custom properties among them). */
  style?: CSSProperties | undefined;
}

/** The root element for the package's `ref` (see widgets/runtime/forward-root.ts). */
export interface RootRefProp<E extends HTMLElement = HTMLElement> {
  rootRef?: Ref<E> | undefined;
}

/** The props of a component's root element: its `own` classes and the caller's, id, style, ref. */
export function useRoot<E extends HTMLElement>(
  ref: RefObject<E | null>,
  own: string,
  p: RootProps & RootRefProp<E>,
) {
  useRootRef(p.rootRef, ref);
  return { ref, id: p.id, style: p.style, className: p.className ? `${own} ${p.className}` : own };
}
