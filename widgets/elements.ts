/**
 * Types of the `spartan-*` custom elements for TypeScript users: the tags in
 * `HTMLElementTagNameMap` (so `document.querySelector('spartan-counter')` is typed), their events
 * in `HTMLElementEventMap` (so `el.addEventListener('spartan-letter', (e) => e.detail.letter)`
 * type-checks), and the tags with their attributes in React's JSX (React 18 and 19 both read
 * `React.JSX`). It must agree with each widget's element.ts: elements.test.ts compares the
 * attribute lists below with what the registered elements observe.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AuthUser } from './login/types.ts';

/** The detail of each event an element dispatches (bubbling and composed). */
export interface SpartanEventDetails {
  'spartan-letter': { letter: string };
  'spartan-video-open': { url: string };
  'spartan-hub-select': { name: string };
  'spartan-applied': { applicationId: string | null };
  'spartan-invested': { investorId: string | null };
  'spartan-login': { user: AuthUser | null };
}

/** The attributes each element reads (all optional strings, as in HTML). */
export interface SpartanElementAttributes {
  'spartan-counter': { 'start-date'?: string; label?: string };
  'spartan-banner': { message?: string };
  'spartan-explainers': {
    layout?: 'carousel' | 'grid';
    'media-base'?: string;
    heading?: string;
  };
  'spartan-hub-map': { heading?: string };
  'spartan-apply-form': { 'api-base'?: string; 'success-url'?: string };
  'spartan-invest-form': { 'api-base'?: string; 'success-url'?: string };
  'spartan-login': { 'api-base'?: string; heading?: string };
}

export type SpartanTag = keyof SpartanElementAttributes;

/** The attribute names of each element, as a value (for the check above). */
export const SPARTAN_ATTRIBUTES: {
  [K in SpartanTag]: ReadonlyArray<keyof SpartanElementAttributes[K]>;
} = {
  'spartan-counter': ['start-date', 'label'],
  'spartan-banner': ['message'],
  'spartan-explainers': ['layout', 'media-base', 'heading'],
  'spartan-hub-map': ['heading'],
  'spartan-apply-form': ['api-base', 'success-url'],
  'spartan-invest-form': ['api-base', 'success-url'],
  'spartan-login': ['api-base', 'heading'],
};

type SpartanEvents = { [K in keyof SpartanEventDetails]: CustomEvent<SpartanEventDetails[K]> };

type SpartanIntrinsics = {
  [K in SpartanTag]: DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
    SpartanElementAttributes[K];
};

declare global {
  // Interfaces merge with the DOM library's own declarations.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementTagNameMap extends Record<SpartanTag, HTMLElement> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends SpartanEvents {}
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends SpartanIntrinsics {}
  }
}
