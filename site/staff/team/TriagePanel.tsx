/**
 * The detail's part of the desk for a team (docs/DESK.md): the previous and next application of
 * the list it was opened from, who handles it, and the applicant's other applications.
 */
import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { useSnapshot } from 'valtio/react';
import type { Duplicate } from '../../../schemas/team-desk.ts';
import { navigate } from '../../navigation.ts';
import { fetchActivity } from '../data/activity.ts';
import { announce, staffState, type ListFilters } from '../data/applications.ts';
import { setAssignee } from '../data/team.ts';
import { fieldText, type Kind } from '../kinds.ts';
import { AppLink } from '../links.tsx';
import { detailHref, listHref } from '../urls.ts';
import { AssigneeOptions, assigneeLabel } from './AssigneeSelect.tsx';
import { DETAIL_KEYS, useShortcuts } from './shortcuts.ts';
import { ShortcutsHelp } from './ShortcutsHelp.tsx';
import type { Neighbours } from './useNeighbours.ts';
import './team.css';

const NOBODY = '-';

/** What is said when there is no application further that way. */
export const END_OF_LIST = {
  1: 'This is the last application of the list.',
  [-1]: 'This is the first application of the list.',
} as const;

/**
 * Opens the next (1) or previous (-1) application of the list, saying where it goes; at an end
 * of the list, says so instead. Answers whether it went.
 */
export async function step(neighbours: Neighbours, to: 1 | -1, said = ''): Promise<boolean> {
  const went = await neighbours.go(to);
  const where = to === 1 ? 'Next application' : 'Previous application';
  announce(`${said}${went ? `${where} opened.` : END_OF_LIST[to]}`.trim());
  return went;
}

/** Previous and next application of the list it was opened from, with the shortcuts' help. */
export function NeighbourLinks({
  kind,
  from,
  neighbours,
}: {
  kind: Kind;
  from: ListFilters;
  neighbours: Neighbours;
}) {
  useShortcuts({
    j: () => void step(neighbours, 1),
    k: () => void step(neighbours, -1),
    u: () => {
      staffState.focusList = true;
      navigate(listHref(kind, from), false, true);
    },
  });
  // A link (it can open in a tab, its address says where it goes); a plain click goes through
  // `step`, which announces it and crosses to another page of the list when needed.
  const link = (to: 1 | -1, href: string | null, label: string) =>
    href ? (
      <a
        href={href}
        className="staff-neighbours__link"
        data-native=""
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          void step(neighbours, to);
        }}
      >
        {label}
      </a>
    ) : (
      neighbours.loaded && <span className="staff-neighbours__end">{END_OF_LIST[to]}</span>
    );
  return (
    <nav className="staff-neighbours" aria-label="Applications of the list">
      {link(-1, neighbours.prevHref, '← Previous application')}
      {neighbours.position && (
        <span className="staff-neighbours__at">
          {neighbours.position.at} of {neighbours.position.of} on this page of the list
        </span>
      )}
      {link(1, neighbours.nextHref, 'Next application →')}
      <ShortcutsHelp keys={DETAIL_KEYS} />
    </nav>
  );
}

/** Who handles the application, changeable by any staff member. */
export function AssignPanel({
  kind,
  id,
  assignee,
}: {
  kind: Kind;
  id: string;
  assignee: { username: string; name: string } | null;
}) {
  const uid = useId();
  const current = assignee?.username ?? NOBODY;
  const [choice, setChoice] = useState(current);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  // The choice follows the application's assignee when it changes (another one opened).
  const [shown, setShown] = useState(`${id}:${current}`);
  if (shown !== `${id}:${current}`) {
    setShown(`${id}:${current}`);
    setChoice(current);
    setState({ busy: false, error: null });
  }
  const onAssign = async (event: FormEvent) => {
    event.preventDefault();
    if (state.busy) return;
    setState({ busy: true, error: null });
    try {
      const stored = await setAssignee(kind, id, choice === NOBODY ? null : choice);
      const detail = staffState[kind].detail.data;
      if (detail?.id === id) detail.assignee = stored;
      setState({ busy: false, error: null });
      announce(stored ? `Assigned to ${assigneeLabel(stored)}` : 'Unassigned');
      void fetchActivity(kind, id);
    } catch (error) {
      setState({ busy: false, error: (error as Error).message });
    }
  };
  return (
    <section aria-labelledby={`${uid}-title`} className="staff-panel">
      <h3 id={`${uid}-title`}>Assigned to</h3>
      <p className="staff-assignee">{assignee ? assigneeLabel(assignee) : 'Nobody'}</p>
      <form onSubmit={(e) => void onAssign(e)}>
        <label htmlFor={`${uid}-who`}>Assign to</label>
        <div className="staff-search__row">
          <select
            id={`${uid}-who`}
            className="staff-input"
            value={choice}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? `${uid}-error` : undefined}
            onChange={(e) => setChoice(e.currentTarget.value)}
          >
            <AssigneeOptions leading={[{ value: NOBODY, label: 'Nobody' }]} current={choice} />
          </select>
          <button
            type="submit"
            className="button button--dark"
            aria-disabled={state.busy || undefined}
          >
            {state.busy ? 'Assigning…' : 'Assign'}
          </button>
        </div>
      </form>
      {state.error && (
        <p id={`${uid}-error`} className="staff-error" role="alert">
          Not assigned: {state.error}
        </p>
      )}
    </section>
  );
}

/** The singular name of a kind, for one application. */
const ONE_OF: Record<Kind, string> = {
  spartan: 'Spartan application',
  investor: 'Investor application',
};

/** "Also applied": the applicant's other applications, each a link to its detail. */
export function AlsoApplied({ kind }: { kind: Kind }) {
  const uid = useId();
  const duplicates = useSnapshot(staffState[kind]).detail.duplicates as readonly Duplicate[];
  if (duplicates.length === 0) return null;
  return (
    <section aria-labelledby={`${uid}-title`} className="staff-panel">
      <h3 id={`${uid}-title`}>Also applied</h3>
      <p className="staff-hint">Same email (any case, without a +tag) or same phone number.</p>
      <ul className="staff-duplicates">
        {duplicates.map((d) => (
          <li key={`${d.kind}:${d.id}`}>
            <AppLink href={detailHref(d.kind, d.id)}>
              {ONE_OF[d.kind]}, {fieldText('created_at', d.created_at)}
            </AppLink>
            <span className="staff-duplicates__status">{fieldText('status', d.status)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
