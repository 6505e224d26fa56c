import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from './lazy.tsx';

const flag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
afterEach(() => {
  flag.IS_REACT_ACT_ENVIRONMENT = true;
});

describe('lazyPage', () => {
  it('given the module arrives between the first render and its effect, then the page still renders it', async () => {
    let arrive: (component: ComponentType) => void = () => undefined;
    const Page = lazyPage(
      () =>
        new Promise<{ Probe: ComponentType }>(
          (resolve) => (arrive = (Probe) => resolve({ Probe })),
        ),
      'Probe',
    );
    void Page.preload(); // as main.tsx or a link's prefetch does
    // As in the browser: effects run after the commit's task, not inside act.
    flag.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement('div');
    document.body.append(container);
    // Right after the first commit (a microtask of its task), before the effect's task: the
    // module arrives.
    const observer = new MutationObserver(() => {
      if (container.textContent === 'Loading…') arrive(() => <h1>Loaded page</h1>);
    });
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    const root = createRoot(container);
    root.render(<Page />);
    await expect.poll(() => container.textContent, { timeout: 5000 }).toBe('Loaded page');
    observer.disconnect();
    flag.IS_REACT_ACT_ENVIRONMENT = true;
    act(() => root.unmount());
    container.remove();
  });
});
