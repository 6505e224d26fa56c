/**
 * The staff area's account sections (`/staff?section=account|staff|audit`): their links for
 * the navigation, and the section itself, loaded on first use (the application lists do not
 * carry the admin screens).
 */
import { lazyPage } from '../lazy.tsx';
import { AppLink, STAFF_PATH } from './links.tsx';
import { staffParams } from './urls.ts';

const SECTIONS = {
  account: { title: 'My account', adminOnly: false },
  staff: { title: 'Staff accounts', adminOnly: true },
  audit: { title: 'Audit trail', adminOnly: true },
} as const;
type Name = keyof typeof SECTIONS;

const isName = (value: string | null): value is Name => value !== null && value in SECTIONS;

/** The section a staff URL shows, or null for the application lists. */
export function sectionOf(url: string): { name: Name; title: string } | null {
  const name = staffParams(url).get('section');
  return isName(name) ? { name, title: SECTIONS[name].title } : null;
}

const Screens = lazyPage(() => import('./screens.tsx'), 'default');

/**
 * The section of `url`; to a role that may not use it (an address typed or kept from before),
 * only the refusal: not its forms, which the server would refuse anyway. An admin section waits
 * for the role (unknown after a reload until the session's first read answers).
 */
export function StaffSection({ url, role }: { url: string; role: string | null }) {
  const section = sectionOf(url);
  if (section && SECTIONS[section.name].adminOnly && role === null) {
    return (
      <p className="page-loading" role="status">
        Checking your role…
      </p>
    );
  }
  if (section && SECTIONS[section.name].adminOnly && role !== 'admin') {
    return (
      <p className="staff-error" role="alert">
        Your role does not allow this: {section.title} are for admins.
      </p>
    );
  }
  return <Screens url={url} />;
}

/** Links to the sections this role may use (the server enforces it anyway). */
StaffSection.Links = function Links({
  current,
  role,
}: {
  current: Name | null;
  role: string | null;
}) {
  return (
    <>
      {(Object.keys(SECTIONS) as Name[])
        .filter((name) => !SECTIONS[name].adminOnly || role === 'admin')
        .map((name) => (
          <AppLink
            key={name}
            href={`${STAFF_PATH}?section=${name}`}
            className="staff-tabs__link"
            aria-current={current === name ? 'page' : undefined}
          >
            {SECTIONS[name].title}
          </AppLink>
        ))}
    </>
  );
};
