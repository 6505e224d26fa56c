/**
 * The site's door to the widgets' reduced-motion hook: a module of its own rather than
 * widgets/shared.ts, whose every module a first-load import would pull into the first load
 * (docs/BUNDLE.md).
 */
export { usePrefersReducedMotion } from './runtime/motion.ts';
