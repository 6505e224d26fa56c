/**
 * Types of the `spartan-*` custom elements for TypeScript users: each tag's element
 * (`SpartanElement<tag>`) and class in `HTMLElementTagNameMap` and the `Spartan…Element`
 * exports (so `document.querySelector('spartan-counter')` is typed), their events
 * in `HTMLElementEventMap` (so `el.addEventListener('spartan-letter', (e) => e.detail.letter)`
 * type-checks), and the tags with their attributes in React's JSX (React 18 and 19 both read
 * `React.JSX`), with their events as React 19's `onspartan-…` props. It must agree with each widget's element.ts: elements.test.ts compares the
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

/** The events each element dispatches (elements.test.ts checks them against the manifest). */
export interface SpartanElementEvents {
  'spartan-counter': never;
  'spartan-banner': 'spartan-letter';
  'spartan-explainers': 'spartan-video-open';
  'spartan-hub-map': 'spartan-hub-select';
  'spartan-apply-form': 'spartan-applied';
  'spartan-invest-form': 'spartan-invested';
  'spartan-login': 'spartan-login';
}

/** The event names of each element, as a value (for the check above). */
export const SPARTAN_EVENTS: {
  [K in SpartanTag]: ReadonlyArray<SpartanElementEvents[K]>;
} = {
  'spartan-counter': [],
  'spartan-banner': ['spartan-letter'],
  'spartan-explainers': ['spartan-video-open'],
  'spartan-hub-map': ['spartan-hub-select'],
  'spartan-apply-form': ['spartan-applied'],
  'spartan-invest-form': ['spartan-invested'],
  'spartan-login': ['spartan-login'],
};

/**
 * An element's events as React 19 props: React 19 listens for `onspartan-letter` as the event
 * `spartan-letter` on a custom element (React 18 does not: there, use a ref and
 * addEventListener, typed by HTMLElementEventMap).
 */
export type SpartanEventProps<K extends SpartanTag> = {
  [E in SpartanElementEvents[K] as `on${E}`]?: (event: CustomEvent<SpartanEventDetails[E]>) => void;
};

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

/** The attribute names of the element `K`. */
export type SpartanAttributeName<K extends SpartanTag> = Extract<
  keyof SpartanElementAttributes[K],
  string
>;

/**
 * A `spartan-*` element in the page: what `document.querySelector('spartan-counter')` returns.
 * It has no properties of its own beyond HTMLElement's: it is configured by its attributes
 * (`SpartanElementAttributes[K]`) and reports by events (`SpartanEventDetails`).
 */
export interface SpartanElement<K extends SpartanTag = SpartanTag> extends HTMLElement {
  readonly localName: K;
}

/** The class of a `spartan-*` element (the `Spartan…Element` exports; undefined without a DOM). */
export interface SpartanElementConstructor<K extends SpartanTag = SpartanTag> {
  new (): SpartanElement<K>;
  readonly prototype: SpartanElement<K>;
  /** The attributes it renders again on. */
  readonly observedAttributes: ReadonlyArray<SpartanAttributeName<K>>;
}

type SpartanElements = { [K in SpartanTag]: SpartanElement<K> };

type SpartanEvents = { [K in keyof SpartanEventDetails]: CustomEvent<SpartanEventDetails[K]> };

type SpartanIntrinsics = {
  [K in SpartanTag]: DetailedHTMLProps<HTMLAttributes<SpartanElement<K>>, SpartanElement<K>> &
    SpartanElementAttributes[K] &
    SpartanEventProps<K>;
};

declare global {
  // Interfaces merge with the DOM library's own declarations.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementTagNameMap extends SpartanElements {}
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
