import { act, waitFor } from '@testing-library/react';
import { createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { convertAttribute, defineWidget, kebabCase } from './define.ts';

interface ProbeProps {
  label?: string;
  count?: number;
  compact?: boolean;
  options?: { a: number };
  apiBase?: string;
  onPick?: (value: string) => void;
}

function Probe({
  label = 'default',
  count = 0,
  compact = false,
  options,
  apiBase,
  onPick,
}: ProbeProps) {
  return (
    <div className="spartan-root" data-compact={String(compact)}>
      <span data-testid="label">{label}</span>
      <span data-testid="count">{count}</span>
      <span data-testid="options">{options ? JSON.stringify(options) : 'none'}</span>
      <span data-testid="api">{apiBase}</span>
      <button type="button" onClick={() => onPick?.(label)}>
        pick
      </button>
    </div>
  );
}

defineWidget<ProbeProps>({
  tag: 'spartan-probe',
  component: Probe,
  attributes: {
    label: 'string',
    count: 'number',
    compact: 'boolean',
    options: 'json',
    apiBase: 'string',
  },
  events: { onPick: { name: 'spartan-pick', detail: (value: string) => ({ value }) } },
  defaults: { apiBase: 'https://widgets.example' },
  styles: ['.x{color:red}'],
});

async function mount(html: string): Promise<{ host: HTMLElement; root: ShadowRoot }> {
  await act(async () => {
    document.body.innerHTML = html;
  });
  const host = document.body.firstElementChild as HTMLElement;
  const root = host.shadowRoot!;
  await waitFor(() => expect(root.querySelector('[data-testid="label"]')).not.toBeNull());
  return { host, root };
}
const text = (root: ShadowRoot, id: string) =>
  root.querySelector(`[data-testid="${id}"]`)?.textContent;

describe('defineWidget', () => {
  it('renders the component in an open shadow root', async () => {
    const { host, root } = await mount('<spartan-probe></spartan-probe>');
    expect(host.shadowRoot).not.toBeNull();
    expect(root.mode).toBe('open');
    expect(text(root, 'label')).toBe('default');
    expect(text(root, 'api')).toBe('https://widgets.example');
  });

  it('converts attributes to typed props: string, number, json, kebab-case names', async () => {
    const { root } = await mount(
      `<spartan-probe label="Hi" count="42" options='{"a":1}' api-base="https://api.example"></spartan-probe>`,
    );
    expect(text(root, 'label')).toBe('Hi');
    expect(text(root, 'count')).toBe('42');
    expect(text(root, 'options')).toBe('{"a":1}');
    expect(text(root, 'api')).toBe('https://api.example');
  });

  it('treats a present boolean attribute as true even when empty, and "false" as false', async () => {
    const { host, root } = await mount('<spartan-probe compact></spartan-probe>');
    expect(root.querySelector('[data-compact]')).toHaveAttribute('data-compact', 'true');
    await act(async () => host.setAttribute('compact', 'false'));
    expect(root.querySelector('[data-compact]')).toHaveAttribute('data-compact', 'false');
    await act(async () => host.setAttribute('compact', ''));
    expect(root.querySelector('[data-compact]')).toHaveAttribute('data-compact', 'true');
  });

  it('falls back to the default when an attribute is removed or unparsable', async () => {
    const { host, root } = await mount('<spartan-probe label="Hi" count="7"></spartan-probe>');
    await act(async () => {
      host.removeAttribute('label');
      host.setAttribute('count', 'many');
    });
    expect(text(root, 'label')).toBe('default');
    expect(text(root, 'count')).toBe('0');
  });

  it('dispatches callback props as bubbling, composed events with a typed detail', async () => {
    const { root } = await mount('<spartan-probe label="Sparta"></spartan-probe>');
    const listener = vi.fn();
    document.addEventListener('spartan-pick', listener);
    root.querySelector('button')!.click();
    document.removeEventListener('spartan-pick', listener);
    expect(listener).toHaveBeenCalledTimes(1);
    const event = listener.mock.calls[0]![0] as CustomEvent<{ value: string }>;
    expect(event.detail).toEqual({ value: 'Sparta' });
    expect(event.bubbles).toBe(true);
    expect(event.composed).toBe(true);
  });

  it('given the element moved (removed and inserted again at once), then what it held stays; removed for good, it unmounts', async () => {
    function Tally() {
      const [n, setN] = useState(0);
      return (
        <button type="button" onClick={() => setN(n + 1)}>
          {`clicked ${n}`}
        </button>
      );
    }
    defineWidget({ tag: 'spartan-tally', component: Tally, styles: [] });
    await act(async () => {
      document.body.innerHTML =
        '<div id="a"><spartan-tally></spartan-tally></div><div id="b"></div>';
    });
    const host = document.querySelector('spartan-tally')!;
    const shadow = host.shadowRoot!;
    await waitFor(() => expect(shadow.querySelector('button')).not.toBeNull());
    await act(async () => shadow.querySelector('button')!.click());
    expect(shadow.textContent).toBe('clicked 1');
    // A partner's tabs, or a framework reordering children: the same element, elsewhere.
    await act(async () => document.getElementById('b')!.append(host));
    expect(shadow.textContent).toBe('clicked 1');
    await act(async () => shadow.querySelector('button')!.click());
    expect(shadow.textContent).toBe('clicked 2');
    await act(async () => host.remove());
    await waitFor(() => expect(shadow.querySelector('button')).toBeNull());
  });

  it('given a React app that stops rendering an element, then it goes without an error (its root is not unmounted in the middle of React’s render)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = document.createElement('div');
    document.body.replaceChildren(host);
    const app = createRoot(host);
    const show = async (on: boolean) =>
      act(async () =>
        app.render(on ? createElement('spartan-probe', { label: 'In React' }) : <p>gone</p>),
      );
    await show(true);
    await waitFor(() =>
      expect(document.querySelector('spartan-probe')?.shadowRoot?.textContent).toContain(
        'In React',
      ),
    );
    await show(false);
    await show(true);
    await show(false);
    await act(async () => app.unmount());
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    errors.mockRestore();
  });

  it('defining the same tag twice is a no-op that returns the first definition', () => {
    const first = customElements.get('spartan-probe');
    const again = defineWidget<ProbeProps>({ tag: 'spartan-probe', component: Probe, styles: [] });
    expect(again).toBe(first);
  });
});

describe('attribute helpers', () => {
  it.each([
    ['string', 'x', 'x'],
    ['number', '3.5', 3.5],
    ['number', 'abc', undefined],
    ['boolean', '', true],
    ['boolean', 'FALSE', false],
    ['boolean', 'yes', true],
    ['json', '[1,2]', [1, 2]],
    ['json', '{bad', undefined],
  ] as const)('%s %j → %j', (type, value, expected) => {
    expect(convertAttribute(value, type)).toEqual(expected);
  });
  it('absent is undefined for every type', () => {
    expect(convertAttribute(null, 'boolean')).toBeUndefined();
    expect(convertAttribute(undefined, 'string')).toBeUndefined();
  });
  it('maps prop names to attribute names', () => {
    expect(kebabCase('apiBase')).toBe('api-base');
    expect(kebabCase('successUrl')).toBe('success-url');
    expect(kebabCase('layout')).toBe('layout');
  });
});
