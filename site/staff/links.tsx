import type { MouseEvent, ReactNode, Ref } from 'react';
import { navigate } from '../navigation.ts';

/** Staff-area paths. */
export const STAFF_PATH = '/staff';

/**
 * A link that changes route inside the site (a normal link with modifier keys). `ownFocus`:
 * the staff area places focus and sets the title itself after this change (see navigate).
 */
export function AppLink({
  href,
  children,
  className,
  ownFocus = false,
  onNavigate,
  linkRef,
  ...rest
}: {
  href: string;
  children: ReactNode;
  className?: string;
  ownFocus?: boolean;
  onNavigate?: () => void;
  /** The link element (for focus). */
  linkRef?: Ref<HTMLAnchorElement>;
  'aria-current'?: 'page' | undefined;
  'aria-label'?: string;
  'aria-describedby'?: string;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigate(href, false, ownFocus);
    onNavigate?.();
  };
  // `data-native` keeps preact-router's own click handler off this link: it would route a second
  // time, to the address the link shows once the first change has re-rendered it (the pager's
  // Next became the new page's Previous, and the list went back a page).
  return (
    <a ref={linkRef} href={href} className={className} onClick={onClick} data-native="" {...rest}>
      {children}
    </a>
  );
}
