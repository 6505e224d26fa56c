import type { ReactNode } from 'react';
import { Logo } from '../components/Logo.tsx';

/** The frame of the staff login and setup pages: brand, heading, then the page's own content. */
export function LoginFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flow-login">
      <div className="flow-login__panel">
        <a className="flow-login__brand" href="/">
          <Logo className="flow-login__mark" />
          The Spartans
        </a>
        <h1 className="flow-login__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
