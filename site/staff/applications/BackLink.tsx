import type { Ref } from 'react';
import { staffState } from '../data/applications.ts';
import { AppLink } from '../links.tsx';

/** The way back to the list the application was opened from; the list then takes focus. */
export function BackLink({
  href,
  title,
  linkRef,
  describedBy,
}: {
  href: string;
  title: string;
  linkRef?: Ref<HTMLAnchorElement>;
  describedBy?: string;
}) {
  return (
    <AppLink
      href={href}
      ownFocus
      onNavigate={() => (staffState.focusList = true)}
      {...(linkRef ? { linkRef } : {})}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
    >
      <span aria-hidden="true">←</span> Back to {title}
    </AppLink>
  );
}
