/**
 * What `react` means to our own widget code in the script-tag bundles: preact's core and
 * hooks. The widgets use only hooks, createElement, Fragment and Children.toArray; JSX goes
 * through preact/jsx-runtime. The type checker still sees @types/react, and the tests and the
 * npm library run real React.
 *
 * Hand-written rather than preact/compat, which would add about 2 KB to every widget's first
 * load for class-component emulation no widget needs. Of compat's event semantics the widgets
 * rely on one: `onChange` on a text field fires on every input; the form kit, the only user,
 * brings it (widgets/internal/form/text-input-events.preact.ts). Where focus must bubble, a
 * widget listens with `onFocusCapture`, which means the same in React and preact. Dependencies
 * written for React get a shim or preact/compat instead of this file: docs/REACT.md says which.
 */
import { toChildArray } from 'preact';

export {
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'preact/hooks';
export { createContext, createElement, Fragment } from 'preact';

/** The one Children helper a widget uses (the carousel's slides): preact's flattening. */
export const Children = { toArray: toChildArray };
