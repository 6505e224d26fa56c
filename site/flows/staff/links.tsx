import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '../../navigation.ts';

/** Staff-area paths. */
export const STAFF_PATH = '/staff';

/** A link that changes route inside the site (a normal link with modifier keys). */
export function AppLink({
  href,
  children,
  className,
  ...rest
}: {
  href: string;
  children: ReactNode;
  className?: string;
  'aria-current'?: 'page' | undefined;
  'aria-label'?: string;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} className={className} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
