/** Dispatches a `spartan-*` event that bubbles out of the shadow root (composed). */
export function emit<D>(target: EventTarget, name: `spartan-${string}`, detail: D): boolean {
  return target.dispatchEvent(new CustomEvent<D>(name, { detail, bubbles: true, composed: true }));
}
