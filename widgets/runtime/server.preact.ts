/**
 * `#spartan-server` in the script-tag bundles and the site (the `preact` condition of
 * package.json "imports"): no provider, no notice. A missing attribute stays `undefined`, which
 * the calls resolve to the origin of the widget's script (api-base.ts), as the elements promise.
 * The components call the rest only where LIBRARY holds, so none of it reaches a bundle.
 */
import type * as Library from './server.tsx';

export const LIBRARY = false;

export const useServer: typeof Library.useServer = (_component, prop) => prop;
export const ServerNotice: typeof Library.ServerNotice = () => null;
export const notConnected: typeof Library.notConnected = (component) => component;
export const notConnectedError: typeof Library.notConnectedError = (component) =>
  Object.assign(new Error(component), { fieldErrors: {} });
