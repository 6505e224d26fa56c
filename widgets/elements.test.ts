import { describe, expect, it } from 'vitest';
import { type SpartanBannerElement, SpartanCounterElement } from './register.ts';
import manifest from '../custom-elements.json' with { type: 'json' };
import {
  SPARTAN_ATTRIBUTES,
  SPARTAN_EVENTS,
  type SpartanAttributeName,
  type SpartanTag,
} from './elements.ts';

describe('the published element types', () => {
  it('given every registered element, then its typed attributes are the ones it observes', () => {
    for (const [tag, attributes] of Object.entries(SPARTAN_ATTRIBUTES)) {
      const element = customElements.get(tag) as { observedAttributes?: string[] } | undefined;
      expect(element, tag).toBeDefined();
      expect([...(element!.observedAttributes ?? [])].sort(), tag).toEqual(
        [...(attributes as readonly string[])].sort(),
      );
    }
  });

  it("given every element of the manifest, then its typed events (React 19's onspartan-… props) are the ones it dispatches", () => {
    const declared = manifest.modules
      .flatMap(
        (m) => m.declarations as Array<{ tagName?: string; events?: Array<{ name: string }> }>,
      )
      .filter((d) => d.tagName)
      .map((d) => [d.tagName, (d.events ?? []).map((e) => e.name).sort()]);
    expect(Object.fromEntries(declared)).toEqual(
      Object.fromEntries(
        Object.entries(SPARTAN_EVENTS).map(([tag, events]) => [tag, [...events].sort()]),
      ),
    );
  });

  it('given a tag, then querySelector and the JSX intrinsic element are typed', () => {
    const counter = document.createElement('spartan-counter');
    counter.setAttribute('start-date', '2025-01-01T00:00:00Z');
    document.body.append(counter);
    const found: HTMLElement | null = document.querySelector('spartan-counter');
    expect(found).toBe(counter);
    let letter = '';
    counter.addEventListener('spartan-letter', (event) => {
      letter = event.detail.letter;
    });
    counter.dispatchEvent(new CustomEvent('spartan-letter', { detail: { letter: 'M' } }));
    expect(letter).toBe('M');
    const tag: SpartanTag = 'spartan-counter';
    expect(tag).toBe(counter.localName);
  });

  it('given an element class export, then it is the registered class, typed with its tag and attributes', () => {
    const Counter = SpartanCounterElement;
    expect(Counter).toBe(customElements.get('spartan-counter'));
    const observed: ReadonlyArray<SpartanAttributeName<'spartan-counter'>> =
      Counter?.observedAttributes ?? [];
    expect([...observed].sort()).toEqual(['label', 'start-date']);
    const counter: SpartanCounterElement = document.createElement('spartan-counter');
    const tag: 'spartan-counter' = counter.localName;
    expect(tag).toBe('spartan-counter');
    expect(counter).toBeInstanceOf(Counter!);
    const banner: SpartanBannerElement | null = document.querySelector('spartan-banner');
    expect(banner).toBeNull();
  });
});
