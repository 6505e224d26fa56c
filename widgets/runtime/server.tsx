/**
 * `#spartan-server` in the npm library (and the component tests, which run real React): where a
 * component finds the Spartans server. Its own prop first, then the nearest `<SpartanProvider>`.
 * With neither there is no default: a host app's origin is not our server, so the component
 * calls nothing, says so in place (`ServerNotice`) and names the fix in the console.
 * The script-tag bundles and the site get server.preact.ts (the `preact` condition of
 * package.json "imports"): there a missing attribute means the origin of the widget's script.
 * What differs per component lives in the table below, so that the bundles carry no more than a
 * component's name at each call.
 */
import { createContext, createElement, useContext, useEffect, type ReactElement } from 'react';
import { SpartanServerContext, type SpartanServer } from './provider.tsx';

interface ServerUse {
  /** The prop (and provider setting) that names the server for this component. */
  setting: Exclude<keyof SpartanServer, 'server'>;
  /** What cannot happen without it, as the notice says. */
  what: string;
  /** The notice's classes beside its own. */
  className?: string;
  /** The custom element's attribute for the setting; none: the element cannot be given it. */
  attribute?: string;
}

const FORM = {
  setting: 'apiBase',
  what: 'This form cannot be sent',
  className: 'spartan-form__wide',
  attribute: 'api-base',
} as const;

const USES = {
  ApplyForm: FORM,
  InvestForm: FORM,
  LoginForm: { setting: 'apiBase', what: 'This login cannot be sent', attribute: 'api-base' },
  Explainers: { setting: 'mediaBase', what: 'The videos cannot be shown', attribute: 'media-base' },
  HubMap: {
    setting: 'geoUrl',
    what: 'The map cannot be shown',
    className: 'spartan-hub-map__frame spartan-hub-map__placeholder',
  },
} satisfies Record<string, ServerUse>;

export type ServerComponent = keyof typeof USES;

/**
 * True in the library: the components ask `useServer`. False in the bundles (server.preact.ts),
 * where the build inlines it and drops the library's branches with it.
 */
export const LIBRARY: boolean = true;

/** A string the developer actually gave (blank counts as none); calls trim trailing slashes. */
const given = (value: string | undefined) => value?.trim() || undefined;

const reported = new Set<string>();

/**
 * The tag of the custom element (spartan-platform/register) a component renders in, if any: no
 * provider reaches into its shadow root, so the fix its message names is an attribute.
 */
const ElementTag = createContext<string | null>(null);

/** `node` as rendered inside the custom element `tag` (runtime/define.ts). */
export const inElement = (tag: string, node: ReactElement): ReactElement =>
  createElement(ElementTag.Provider, { value: tag }, node);

/** The console's sentence for a component, or an element, that does not know the server. */
function missingServerMessage(component: ServerComponent, tag: string | null): string {
  const use: ServerUse = USES[component];
  const start = `spartan-platform: <${tag ?? component}> does not know the Spartans server, so it calls nothing. `;
  if (!tag) {
    return (
      start +
      `Wrap the app in <SpartanProvider server="https://your-spartans-server"> ` +
      `or pass ${use.setting}="…" to <${component}>.`
    );
  }
  return use.attribute
    ? start + `Give it ${use.attribute}="https://your-spartans-server".`
    : start +
        `The element has no attribute for it: use the ${component} component in a <SpartanProvider>.`;
}

/**
 * Where `component` sends its calls: its prop, the provider's setting, or derived from the
 * provider's `server` by `fromServer` (the component's own rule, e.g. where the server keeps the
 * map's geometry; default: that origin); `undefined` when nothing names the server (then the
 * component calls nothing). `needed` is false when the component makes no call of its own
 * (nothing to report).
 */
export function useServer(
  component: ServerComponent,
  prop: string | undefined,
  needed = true,
  fromServer: (origin: string) => string = (origin) => origin,
): string | undefined {
  const use: ServerUse = USES[component];
  const context = useContext(SpartanServerContext);
  const server = given(context.server);
  const value =
    given(prop) ??
    given(context[use.setting]) ??
    (server ? fromServer(server.replace(/\/+$/, '')) : undefined);
  const missing = value === undefined && needed;
  const tag = useContext(ElementTag);
  useEffect(() => {
    const key = tag ?? component;
    if (!missing || reported.has(key)) return;
    reported.add(key);
    console.error(missingServerMessage(component, tag));
  }, [missing, component, tag]);
  return value;
}

/** The sentence a component without a server shows, in place and on a failed submit. */
export const notConnected = (component: ServerComponent): string =>
  `${USES[component].what}: this site is not connected to the Spartans server yet.`;

/** What a component shows in place of what it cannot do without a server. */
export function ServerNotice({ of }: { of: ServerComponent }): ReactElement | null {
  const { className } = USES[of] as ServerUse;
  return (
    <p className={`spartan-server-notice ${className ?? ''}`.trim()} part="notice" role="note">
      {notConnected(of)}
    </p>
  );
}

/** What a form's send throws without a server: its error summary shows the sentence. */
export const notConnectedError = (component: ServerComponent) =>
  Object.assign(new Error(notConnected(component)), { fieldErrors: {} });
