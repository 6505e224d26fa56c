/**
 * `#text-input-events` under React (the npm library, tests): nothing to do, React's `onChange`
 * already fires on every input. The script-tag bundles get text-input-events.preact.ts.
 */
export {};
