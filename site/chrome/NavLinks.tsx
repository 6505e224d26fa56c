/** List items of navigation links, the current page (or its section's link) marked with aria-current. */
import { currentness, type NavLink } from './nav.ts';

export interface NavLinksProps {
  links: readonly NavLink[];
  /** The current URL. */
  url: string;
  className?: string;
  onNavigate?: () => void;
}

export function NavLinks({ links, url, className, onNavigate }: NavLinksProps) {
  return (
    <>
      {links.map((link) => (
        <li key={link.href}>
          <a
            className={className}
            href={link.href}
            aria-current={currentness(link, url)}
            onClick={onNavigate}
          >
            {link.label}
          </a>
        </li>
      ))}
    </>
  );
}
