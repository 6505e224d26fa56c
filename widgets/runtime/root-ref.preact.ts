/** `#root-ref` in the script-tag bundles and the site: nothing to do (see root-ref.ts). */
export function useRootRef(): void {}
