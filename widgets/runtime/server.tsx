/**
 * `#spartan-server` in the npm library (and the component tests, which run real React): where a
 * component finds the Spartans server. Its own prop first, then the nearest `<SpartanProvider>`.
 * With neither there is no default: a host app's origin is not our server, so the component
 * calls nothing, says so in place (`ServerNotice`) and names the fix in the console.
 * The script-tag bundles and the site get server.preact.ts (the `preact` condition of
 * package.json "imports"): there a missing attribute means the origin of the widget's script.
 */
import { useContext, useEffect, type ReactElement } from 'react';
import { SpartanServerContext, type SpartanServer } from './provider.tsx';

export type ServerSetting = Exclude<keyof SpartanServer, 'server'>;

/** A string the developer actually gave (blank counts as none), without trailing slashes. */
const given = (value: string | undefined) => value?.trim().replace(/\/+$/, '') || undefined;

const reported = new Set<string>();

export interface ServerOptions {
  /** The setting from the provider's `server` origin (default: that origin). */
  fromServer?: (origin: string) => string;
  /** False when the caller makes no call this time (nothing to report if unset). */
  needed?: boolean;
}

/**
 * Where `component` sends its `setting`: the prop, the provider's setting, or derived from the
 * provider's `server`. `null` when nothing names the server (never in the bundles, where
 * `undefined` stands for the script's origin).
 */
export function useServer(
  component: string,
  setting: ServerSetting,
  prop: string | undefined,
  { fromServer = (origin) => origin, needed = true }: ServerOptions = {},
): string | null | undefined {
  const context = useContext(SpartanServerContext);
  const server = given(context.server);
  const value =
    given(prop) ?? given(context[setting]) ?? (server ? fromServer(server) : undefined) ?? null;
  const missing = value === null && needed;
  useEffect(() => {
    if (!missing || reported.has(component)) return;
    reported.add(component);
    console.error(
      `spartan-platform: <${component}> does not know the Spartans server, so it calls nothing. ` +
        `Wrap the app in <SpartanProvider server="https://your-spartans-server"> ` +
        `or pass ${setting}="…" to <${component}>.`,
    );
  }, [missing, component, setting]);
  return value;
}

/** What a component shows in place of what it cannot do without a server. */
export function ServerNotice({
  what,
  className,
}: {
  what: string;
  className?: string;
}): ReactElement | null {
  return (
    <p className={`spartan-server-notice ${className ?? ''}`.trim()} part="notice" role="note">
      {what}: this site is not connected to the Spartans server yet.
    </p>
  );
}

/** The error a form's send throws without a server: shown in its error summary. */
export const notConnected = (what: string) => ({
  message: `${what}: this site is not connected to the Spartans server yet.`,
  fieldErrors: {},
  status: undefined,
});
