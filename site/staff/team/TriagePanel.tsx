import { useId, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import type { Duplicate } from '../../../schemas/team-desk.ts';
import { navigate } from '../../navigation.ts';
import { fetchActivity } from '../data/activity.ts';
import { announce, staffState, type ListFilters } from '../data/applications.ts';
import { bulkAction } from '../data/team.ts';
import { fieldText, KINDS, type Kind } from '../kinds.ts';
import { AppLink } from '../links.tsx';
import { detailHref, listHref } from '../urls.ts';
import { AssigneeOptions } from './AssigneeSelect.tsx';
import { assigneeText } from './ListTriage.tsx';
import { DETAIL_KEYS, useShortcuts } from './shortcuts.ts';
import { ShortcutsHelp } from './ShortcutsHelp.tsx';
import type { useNeighbours } from './useNeighbours.ts';

const NOBODY = '-';

/** Previous and next application of the list it was opened from, with the shortcuts' help. */
export function NeighbourLinks({
  kind,
  from,
  neighbours,
}: {
  kind: Kind;
  from: ListFilters;
  neighbours: ReturnType<typeof useNeighbours>;
}) {
  useShortcuts({
    j: () => void neighbours.go(1),
    k: () => void neighbours.go(-1),
    u: () => navigate(listHref(kind, from), false, true),
  });
  return (
    <nav className="staff-neighbours" aria-label="Applications of the list">
      <button
        type="button"
        className="button button--outline staff-button--small"
        aria-disabled={!neighbours.hasPrev || undefined}
        onClick={() => void neighbours.go(-1)}
      >
        Previous application
      </button>
      <button
        type="button"
        className="button button--outline staff-button--small"
        aria-disabled={!neighbours.hasNext || undefined}
        onClick={() => void neighbours.go(1)}
      >
        Next application
      </button>
      {neighbours.position && (
        <span>
          {neighbours.position.at} of {neighbours.position.of} on this page of the list
        </span>
      )}
      <ShortcutsHelp keys={DETAIL_KEYS} />
    </nav>
  );
}

/** Who handles the application, changeable by any staff member. */
export function AssignPanel({ kind, id, assignee }: { kind: Kind; id: string; assignee: unknown }) {
  const uid = useId();
  const current =
    assignee && typeof assignee === 'object' && 'username' in assignee
      ? String((assignee as { username: string }).username)
      : NOBODY;
  const [choice, setChoice] = useState(current);
  // The choice follows the application's assignee when it changes (another one opened).
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setChoice(current);
  }
  const [error, setError] = useState<string | null>(null);
  const onAssign = async () => {
    setError(null);
    try {
      const answer = await bulkAction(kind, {
        action: 'assign',
        ids: [id],
        assignee: choice === NOBODY ? null : choice,
      });
      if (answer.failed.length > 0) {
        setError('This application has been deleted meanwhile');
        return;
      }
      const detail = staffState[kind].detail.data;
      if (detail?.id === id) {
        detail.assignee = choice === NOBODY ? null : { username: choice, name: '' };
      }
      void fetchActivity(kind, id);
      announce(choice === NOBODY ? 'Unassigned' : `Assigned to ${choice}`);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section aria-labelledby={`${uid}-title`} className="staff-panel">
      <h3 id={`${uid}-title`}>Assigned to</h3>
      <p>{assigneeText(assignee) === '—' ? 'Nobody' : assigneeText(assignee)}</p>
      <label htmlFor={`${uid}-who`}>Assign to</label>
      <div className="staff-search__row">
        <select
          id={`${uid}-who`}
          className="staff-input"
          value={choice}
          onChange={(e) => setChoice(e.currentTarget.value)}
        >
          <AssigneeOptions leading={[{ value: NOBODY, label: 'Nobody' }]} current={choice} />
        </select>
        <button type="button" className="button button--dark" onClick={() => void onAssign()}>
          Assign
        </button>
      </div>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

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
              {KINDS[d.kind].title}: {fieldText('created_at', d.created_at)}
            </AppLink>{' '}
            ({fieldText('status', d.status)})
          </li>
        ))}
      </ul>
    </section>
  );
}
