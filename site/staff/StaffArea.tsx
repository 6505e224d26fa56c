import { useSnapshot } from 'valtio/react';
import { navigate } from '../navigation.ts';
import { authState, loggedOut } from '../auth/store.ts';
import { ApplicationDetail } from './applications/ApplicationDetail.tsx';
import { ApplicationList } from './applications/ApplicationList.tsx';
import { resetStaffState, staffState } from './data/applications.ts';
import { serverLogout } from './data/sessions.ts';
import { KINDS } from './kinds.ts';
import { AppLink } from './links.tsx';
import { listHref, parseStaffUrl, type StaffView } from './urls.ts';
import { StaffSection, sectionOf } from './StaffSection.tsx';

export { parseStaffUrl, type StaffView };

/** The list part of a staff view. */
function filtersOf(view: StaffView) {
  const { kind: _kind, id: _id, ...filters } = view;
  return filters;
}

/** The staff area: who is signed in, logout, the two lists and the detail view. */
export function StaffArea({ url }: { url: string }) {
  const auth = useSnapshot(authState);
  const { announcement } = useSnapshot(staffState);
  const view = parseStaffUrl(url);
  // My account, staff accounts, audit trail: in their own chunk (StaffSection.tsx).
  const section = sectionOf(url);
  const logout = async () => {
    // The revocation leaves with the token; the page forgets it at once, so the list (and its
    // live poll) is gone before the token stops working, and no call of this page meets a 401.
    const revoked = serverLogout();
    loggedOut(authState);
    resetStaffState();
    navigate('/security-login', true);
    await revoked;
  };
  return (
    <div className="page staff">
      <div className="staff-bar">
        <div>
          <p className="page-intro__eyebrow">Staff area</p>
          <h1 className="staff-bar__title">{section?.title ?? 'Applications'}</h1>
        </div>
        <div className="staff-bar__user">
          {auth.user && (
            <p>
              Signed in as <strong>{auth.user.name || auth.user.username}</strong>
            </p>
          )}
          <button type="button" className="button button--outline" onClick={() => void logout()}>
            Log out
          </button>
        </div>
      </div>
      <nav aria-label="Staff area" className="staff-tabs">
        {(['spartan', 'investor'] as const).map((kind) => (
          <AppLink
            key={kind}
            href={listHref(kind)}
            className="staff-tabs__link"
            aria-current={!section && view.kind === kind && !view.id ? 'page' : undefined}
          >
            {KINDS[kind].title}
          </AppLink>
        ))}
        <StaffSection.Links current={section?.name ?? null} role={auth.user?.role ?? null} />
      </nav>
      {section ? (
        <StaffSection url={url} role={auth.user?.role ?? null} />
      ) : view.id ? (
        <ApplicationDetail kind={view.kind} id={view.id} from={filtersOf(view)} />
      ) : (
        <ApplicationList key={view.kind} kind={view.kind} filters={filtersOf(view)} />
      )}
      <p className="spartan-visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
