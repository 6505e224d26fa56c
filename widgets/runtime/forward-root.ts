/**
 * The npm package's form of a component (each widget's lib.ts): `ref` reaches the component's
 * root element in React 18 as in 19. React 18 gives a function component no `ref` prop, so the
 * wrapper forwards it as `rootRef` (widgets/runtime/root-props.ts). Only the package uses this:
 * the script-tag bundles and the site render the components themselves.
 */
import {
  createElement,
  forwardRef,
  type ComponentType,
  type ForwardRefExoticComponent,
  type PropsWithoutRef,
  type RefAttributes,
} from 'react';
import type { RootRefProp } from './root-props.ts';

export function forwardRoot<P extends object, E extends HTMLElement>(
  Component: ComponentType<P & RootRefProp<E>>,
  name: string,
): ForwardRefExoticComponent<PropsWithoutRef<P> & RefAttributes<E>> {
  const forwarded = forwardRef<E, P>((props, ref) =>
    createElement(Component, { ...(props as P), rootRef: ref }),
  );
  forwarded.displayName = name;
  return forwarded;
}
