/** List items of navigation links, the current page marked with aria-current. */
import { isCurrent, type NavLink } from './nav.ts';

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
            aria-current={isCurrent(link.href, url) ? 'page' : undefined}
            onClick={onNavigate}
          >
            {link.label}
          </a>
        </li>
      ))}
    </>
  );
}
