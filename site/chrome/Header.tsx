/** The global header: brand and tagline, desktop navigation (1024 px and up), the mobile menu below. */
import { TAGLINE } from '../../content/constants.ts';
import { BrandLink } from '../components/Logo.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { HEADER_LINKS, NAV_GROUPS, OPEN_LETTER_LINK } from './nav.ts';
import { NavLinks } from './NavLinks.tsx';
import { NavMenu } from './NavMenu.tsx';

export function Header({ url }: { url: string }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <div className="brand">
          <BrandLink />
          <p className="brand__tagline">{TAGLINE}</p>
        </div>
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {NAV_GROUPS.map((group) => (
              <li key={group.id}>
                <NavMenu group={group} url={url} />
              </li>
            ))}
            <NavLinks links={HEADER_LINKS} url={url} className="nav-link" />
          </ul>
        </nav>
        <a className="button button--gold site-header__letter" href={OPEN_LETTER_LINK.href}>
          {OPEN_LETTER_LINK.label}
        </a>
        <MobileMenu url={url} />
      </div>
    </header>
  );
}
