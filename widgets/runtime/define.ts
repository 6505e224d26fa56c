/**
 * The widget runtime: turns a React component into a `spartan-*` custom element.
 *
 * - an open shadow root, with the widget's CSS adopted as constructable stylesheets
 *   before first render, so a partner CSP needs no 'unsafe-inline';
 * - typed attribute → prop conversion, re-rendering when an observed attribute changes
 *   (an empty boolean attribute is true, a removed one falls back to the default);
 * - callback props turned into `spartan-*` CustomEvents that bubble and are composed,
 *   with a typed detail;
 * - defining a tag twice is a no-op (two bundles on one page must not throw).
 *
 * Written here rather than taken from @r2wc/core: we need its element class only for
 * the above, and owning it keeps every behaviour on public platform APIs (no library
 * internals to reach into) and about 1 KB off every widget's first load. The root it
 * renders into comes from `#widget-root`: preact's own render in the script-tag
 * bundles, react-dom's createRoot elsewhere (package.json "imports").
 */
import { createElement, type ComponentType } from 'react';
import { createRoot, type WidgetRoot } from '#widget-root';
import { inElement } from '#spartan-server';
import { adoptStyles } from './styles.ts';
import { emit } from './events.ts';
import type { SpartanElementConstructor, SpartanTag } from '../elements.ts';

export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

export interface EventMapping {
  /** The event's name, `spartan-*`. */
  name: `spartan-${string}`;
  /** Builds the event's detail from the callback's arguments. */
  detail: (...args: never[]) => unknown;
}

export interface WidgetDefinition<
  P extends object,
  T extends `spartan-${string}` = `spartan-${string}`,
> {
  tag: T;
  component: ComponentType<P>;
  /** Props read from attributes, by prop name; the attribute is its kebab-case (`apiBase` → `api-base`). */
  attributes?: Partial<Record<Extract<keyof P, string>, AttributeType>>;
  /** Callback props dispatched as events on the host element. */
  events?: Partial<Record<Extract<keyof P, string>, EventMapping>>;
  /** Values used when an attribute is absent or unparsable. */
  defaults?: Partial<P>;
  /** CSS texts adopted into the shadow root: the widget's styles.ts, the theme tokens first. */
  styles: readonly string[];
}

const HOST_CSS = ':host{display:block}:host([hidden]){display:none}';

export const kebabCase = (name: string): string =>
  name.replace(/([a-z0-9])([A-Z])/g, (_m, a: string, b: string) => `${a}-${b.toLowerCase()}`);

/** Converts an attribute value; `undefined` means "absent or unusable: use the default". */
export function convertAttribute(value: string | null | undefined, type: AttributeType): unknown {
  if (value === null || value === undefined) return undefined;
  switch (type) {
    case 'string':
      return value;
    case 'boolean':
      // Presence means true (`<x paused>` or `paused=""`), except an explicit "false".
      return value.trim().toLowerCase() !== 'false';
    case 'number': {
      const n = Number.parseFloat(value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'json':
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return undefined;
      }
  }
}

/** The class defineWidget returns: typed for our own tags (widgets/elements.ts). */
export type WidgetConstructor<T extends `spartan-${string}`> = T extends SpartanTag
  ? SpartanElementConstructor<T>
  : CustomElementConstructor;

/**
 * Defines the custom element for a widget (once) and returns its constructor; undefined where
 * there is no DOM (server rendering).
 */
export function defineWidget<P extends object, T extends `spartan-${string}` = `spartan-${string}`>(
  def: WidgetDefinition<P, T>,
): WidgetConstructor<T> | undefined {
  if (typeof customElements === 'undefined') return undefined;
  // The class registered under the tag is the one made below, by this or another bundle.
  const existing = customElements.get(def.tag) as WidgetConstructor<T> | undefined;
  if (existing) return existing;

  const attributes = (def.attributes ?? {}) as Record<string, AttributeType>;
  const events = (def.events ?? {}) as Record<string, EventMapping>;
  const styles = [HOST_CSS, ...def.styles];

  const propByAttribute = new Map(Object.keys(attributes).map((p) => [kebabCase(p), p]));

  class SpartanWidget extends HTMLElement {
    static observedAttributes = [...propByAttribute.keys()];
    #root: WidgetRoot | undefined;
    readonly #handlers: Record<string, (...args: never[]) => void> = {};

    constructor() {
      super();
      adoptStyles(this.attachShadow({ mode: 'open' }), styles);
      for (const [prop, mapping] of Object.entries(events)) {
        this.#handlers[prop] = (...args: never[]) => {
          emit(this, mapping.name, mapping.detail(...args));
        };
      }
    }

    connectedCallback(): void {
      this.#root ??= createRoot(this.shadowRoot as ShadowRoot);
      this.#render();
    }

    disconnectedCallback(): void {
      // Unmounted once the current task's own work is done, unless the element is back in the
      // page by then: moved (a partner's tabs, a framework reordering children), it keeps what
      // the visitor typed. It also waits out the render of a React app that removed it (React
      // refuses to unmount a root synchronously in the middle of its own render).
      queueMicrotask(() => {
        if (this.isConnected) return;
        this.#root?.unmount();
        this.#root = undefined;
      });
    }

    attributeChangedCallback(): void {
      if (this.#root) this.#render();
    }

    #render(): void {
      const props: Record<string, unknown> = { ...(def.defaults as Record<string, unknown>) };
      for (const [attr, prop] of propByAttribute) {
        const value = convertAttribute(this.getAttribute(attr), attributes[prop] as AttributeType);
        if (value !== undefined) props[prop] = value;
      }
      this.#root?.render(
        inElement(
          def.tag,
          createElement(def.component as ComponentType<Record<string, unknown>>, {
            ...props,
            ...this.#handlers,
          }),
        ),
      );
    }
  }

  customElements.define(def.tag, SpartanWidget);
  return SpartanWidget as unknown as WidgetConstructor<T>;
}
