import { describe, expect, it } from 'vitest';

describe('the npm library entry points', () => {
  it('importing the components defines no element; importing register defines them all, once', async () => {
    const components = await import('./index.ts');
    // Each a component whose ref is forwarded to its root element (widgets/runtime/forward-root.ts).
    const forwardRef = Symbol.for('react.forward_ref');
    expect(components.WealthCounter.$$typeof).toBe(forwardRef);
    expect(components.StateBanner.$$typeof).toBe(forwardRef);
    expect(customElements.get('spartan-counter')).toBeUndefined();
    expect(customElements.get('spartan-banner')).toBeUndefined();

    await import('./register.ts');
    const counter = customElements.get('spartan-counter');
    expect(counter).toBeDefined();
    expect(customElements.get('spartan-banner')).toBeDefined();
    // A second registration (two bundles on one page) keeps the first definition. (Importing the
    // element module again would prove nothing: the module cache would not run it twice.)
    const { defineWidget } = await import('./runtime/define.ts');
    const again = defineWidget({ tag: 'spartan-counter', component: () => null, styles: [] });
    expect(again).toBe(counter);
    expect(customElements.get('spartan-counter')).toBe(counter);
  });
});
