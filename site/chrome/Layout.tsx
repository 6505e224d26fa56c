/** The main layout: skip link, header, state banner, the page in <main>, footer. */
import type { ReactNode } from 'react';
import { StateBanner } from '../../widgets/banner/StateBanner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

export interface LayoutProps {
  /** The current URL (marks the current page in the navigation). */
  url: string;
  children: ReactNode;
}

export function Layout({ url, children }: LayoutProps) {
  return (
    <div className="spartan-root site">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header url={url} />
      <StateBanner />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
