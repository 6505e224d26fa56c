/**
 * The staff area's own shell: a work tool's compact top bar (the mark, "Staff", a way back to the
 * public site) and the page in <main>. No marketing header, state ticker or footer: the screen is
 * for the lists and the detail. It loads with the staff chunk (its styles in staff.css), so the
 * public site's first load carries none of it.
 */
import type { ReactNode } from 'react';
import { Logo } from '../components/Logo.tsx';

export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <div className="spartan-root site staff-shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="staff-shell__top">
        <a href="/staff" className="staff-shell__brand">
          <Logo className="staff-shell__logo" />
          <span>
            The Spartans <span className="staff-shell__area">Staff</span>
          </span>
        </a>
        <a href="/" className="staff-shell__site">
          Public site
        </a>
      </header>
      <main id="main" className="site-main staff-shell__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
