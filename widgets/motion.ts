/**
 * The site's door to the widgets' motion helpers (the reduced-motion hook, the pause toggle): a
 * module of its own rather than widgets/shared.ts, whose every module a first-load import would
 * pull into the first load (docs/BUNDLE.md).
 */
export { usePrefersReducedMotion } from './runtime/motion.ts';
export { PauseToggle, useMotionChoice } from './runtime/PauseToggle.tsx';
