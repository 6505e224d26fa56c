import { useSnapshot } from 'valtio/react';
import { navigate } from '../../navigation.ts';
import { authState, loggedOut } from '../auth/store.ts';
import { ApplicationDetail } from './ApplicationDetail.tsx';
import { ApplicationList, listHref } from './ApplicationList.tsx';
import { resetStaffState, serverLogout } from './api.ts';
import { KINDS, type Kind } from './kinds.ts';
import { AppLink } from './links.tsx';
import { StaffSection, sectionOf } from './StaffSection.tsx';

export type StaffView = {
  kind: Kind;
  id: string | null;
  page: number;
  q: string;
  /** `site`, a partner origin, or empty for every source. */
  source: string;
};

/** Reads the staff view from a URL: /staff?list=investors&id=&page=&q=&source= (see listHref). */
export function parseStaffUrl(url: string): StaffView {
  const params = new URL(url, 'http://staff.local').searchParams;
  const kind: Kind = params.get('list') === KINDS.investor.segment ? 'investor' : 'spartan';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return {
    kind,
    id: params.get('id') || null,
    page,
    q: (params.get('q') ?? '').slice(0, 100),
    source: (params.get('source') ?? '').slice(0, 255),
  };
}

/** The staff area: who is signed in, logout, the two lists and the detail view. */
export function StaffArea({ url }: { url: string }) {
  const auth = useSnapshot(authState);
  const view = parseStaffUrl(url);
  // My account, staff accounts, audit trail: in their own chunk (StaffSection.tsx).
  const section = sectionOf(url);
  const logout = async () => {
    await serverLogout();
    loggedOut(authState);
    resetStaffState();
    navigate('/security-login', true);
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
            href={listHref(kind, 1, '')}
            className="staff-tabs__link"
            aria-current={!section && view.kind === kind && !view.id ? 'page' : undefined}
          >
            {KINDS[kind].title}
          </AppLink>
        ))}
        <StaffSection.Links current={section?.name ?? null} role={auth.user?.role ?? null} />
      </nav>
      {section ? (
        <StaffSection url={url} />
      ) : view.id ? (
        <ApplicationDetail kind={view.kind} id={view.id} />
      ) : (
        // Keyed by list and search, so the search box starts from the URL's query.
        <ApplicationList
          key={`${view.kind}:${view.q}`}
          kind={view.kind}
          page={view.page}
          q={view.q}
          source={view.source}
        />
      )}
    </div>
  );
}
