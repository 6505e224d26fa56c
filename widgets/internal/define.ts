/**
 * The widget runtime: turns a React component into a `spartan-*` custom element.
 *
 * - open shadow root (r2wc), with the widget's CSS adopted as constructable
 *   stylesheets before first render, so partner CSP needs no 'unsafe-inline';
 * - typed attribute → prop conversion done here rather than by r2wc, whose
 *   boolean parser ignores empty and removed attributes (r2wc issue #162);
 * - callback props turned into `spartan-*` CustomEvents that bubble and are
 *   composed, with a typed detail;
 * - defining a tag twice is a no-op (two bundles on one page must not throw).
 *
 * It uses r2wc's core with the same renderer as @r2wc/react-to-web-component,
 * but through named imports only: that package's `import React from 'react'`
 * pulls all of preact/compat into every bundle (about 2 KB gzip more).
 */
import r2wc from '@r2wc/core';
import { createElement, useMemo, type ComponentType } from 'react';
import { createRoot, type WidgetRoot } from './root.ts';
import { adoptStyles } from './styles.ts';
import { emit } from './events.ts';
import tokensCss from './tokens.css?inline';

export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

export interface EventMapping {
  /** The event's name, `spartan-*`. */
  name: `spartan-${string}`;
  /** Builds the event's detail from the callback's arguments. */
  detail: (...args: never[]) => unknown;
}

export interface WidgetDefinition<P extends object> {
  tag: `spartan-${string}`;
  component: ComponentType<P>;
  /** Props read from attributes, by prop name; the attribute is its kebab-case (`apiBase` → `api-base`). */
  attributes?: Partial<Record<Extract<keyof P, string>, AttributeType>>;
  /** Callback props dispatched as events on the host element. */
  events?: Partial<Record<Extract<keyof P, string>, EventMapping>>;
  /** Values used when an attribute is absent or unparsable. */
  defaults?: Partial<P>;
  /** CSS texts adopted into the shadow root (the theme tokens come first). */
  styles: readonly string[];
}

const HOST_CSS = ':host{display:block}:host([hidden]){display:none}';

// r2wc's element keeps its props and render hook behind these registered symbols.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

interface R2wcInternals {
  [PROPS]: Record<string, unknown>;
  [RENDER]: () => void;
}

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

/** Defines the custom element for a widget (once) and returns its constructor. */
export function defineWidget<P extends object>(
  def: WidgetDefinition<P>,
): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined;
  const existing = customElements.get(def.tag);
  if (existing) return existing;

  const attributes = (def.attributes ?? {}) as Record<string, AttributeType>;
  const events = (def.events ?? {}) as Record<string, EventMapping>;
  const styles = [HOST_CSS, tokensCss, ...def.styles];

  type HostProps = Record<string, unknown> & { container?: HTMLElement };
  function WidgetHost(raw: HostProps) {
    // r2wc passes the shadow root as `container` (typed as an element).
    const host = (raw.container as unknown as ShadowRoot | undefined)?.host;
    const handlers = useMemo(() => {
      const out: Record<string, (...args: never[]) => void> = {};
      for (const [prop, mapping] of Object.entries(events)) {
        out[prop] = (...args: never[]) => {
          if (host) emit(host, mapping.name, mapping.detail(...args));
        };
      }
      return out;
    }, [host]);
    const props: Record<string, unknown> = { ...(def.defaults as Record<string, unknown>) };
    for (const [prop, type] of Object.entries(attributes)) {
      const value = convertAttribute(raw[prop] as string | undefined, type);
      if (value !== undefined) props[prop] = value;
    }
    return createElement(def.component as ComponentType<Record<string, unknown>>, {
      ...props,
      ...handlers,
    });
  }

  const Base = r2wc<HostProps, { root: WidgetRoot }>(
    WidgetHost,
    {
      shadow: 'open',
      props: Object.fromEntries(Object.keys(attributes).map((p) => [p, 'string'])),
    },
    {
      mount(container, Component, props) {
        const root = createRoot(container);
        root.render(createElement(Component, props));
        return { root };
      },
      update({ root }, props) {
        root.render(createElement(WidgetHost, props));
      },
      unmount({ root }) {
        root.unmount();
      },
    },
  );
  const propByAttribute = new Map(Object.keys(attributes).map((p) => [kebabCase(p), p]));

  class SpartanWidget extends Base {
    constructor() {
      super();
      if (this.shadowRoot) adoptStyles(this.shadowRoot, styles);
      const internals = this as unknown as R2wcInternals;
      for (const [attr, prop] of propByAttribute) {
        internals[PROPS][prop] = this.getAttribute(attr) ?? undefined;
      }
    }

    attributeChangedCallback(attr: string, _old: string | null, value: string | null): void {
      const prop = propByAttribute.get(attr);
      if (!prop) return;
      const internals = this as unknown as R2wcInternals;
      internals[PROPS][prop] = value ?? undefined;
      internals[RENDER]();
    }
  }

  customElements.define(def.tag, SpartanWidget);
  return SpartanWidget;
}
