/**
 * `#spartan-server` in the script-tag bundles and the site (the `preact` condition of
 * package.json "imports"): no provider, no notice. A missing attribute stays `undefined`, which
 * the calls resolve to the origin of the widget's script (api-base.ts), as the elements promise.
 * The components reach the library's functions only where LIBRARY holds: here every export is a
 * constant that the build inlines, so nothing of this module reaches a bundle.
 */
import type * as Library from './server.tsx';

export const LIBRARY = false;
const absent = undefined as never;
export const useServer: typeof Library.useServer = absent;
export const ServerNotice: typeof Library.ServerNotice = absent;
export const notConnected: typeof Library.notConnected = absent;
export const notConnectedError: typeof Library.notConnectedError = absent;
/** No provider to tell apart from an element in the bundles: the node as it is. */
export const inElement: typeof Library.inElement = (_tag, node) => node;
