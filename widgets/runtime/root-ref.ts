/**
 * `#root-ref` in React (the npm package, the tests): the package's `ref` (as `rootRef`) is the
 * component's root element. The `preact` variant does nothing: the script-tag bundles and the
 * site pass no `rootRef`, and so carry no useImperativeHandle.
 */
import { useImperativeHandle, type Ref, type RefObject } from 'react';

export function useRootRef<E extends HTMLElement>(
  outer: Ref<E> | undefined,
  ref: RefObject<E | null>,
): void {
  useImperativeHandle(outer, () => ref.current!);
}
