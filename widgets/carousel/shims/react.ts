/**
 * `react` for embla-carousel-react in the browser bundles: its hook uses four of React's hooks,
 * and preact's are the same. Straight from preact/hooks, so the carousel engine's chunk shares
 * the hooks every page already loads and pulls in neither preact/compat nor another chunk.
 * scripts/shims.test.ts fails if the hook starts to import anything else. docs/REACT.md.
 */
export { useCallback, useEffect, useRef, useState } from 'preact/hooks';
