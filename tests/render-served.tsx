/**
 * Component tests of the library's server-calling components render them as a React app
 * must: inside a `<SpartanProvider>` that names the server (widgets/runtime/provider.tsx).
 * Without one they call nothing (widgets/runtime/server.tsx).
 */
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { SpartanProvider } from '../widgets/runtime/provider.tsx';

export const TEST_SERVER = 'https://spartans.test';

function Served({ children }: { children: ReactNode }) {
  return <SpartanProvider server={TEST_SERVER}>{children}</SpartanProvider>;
}

export function renderServed(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { ...options, wrapper: Served });
}
