import { useEffect, useState } from 'react';
import { fetchAssignees, type Assignee } from '../data/team.ts';

/** Whom one may assign to, once loaded (empty until then, or if the list cannot load). */
export function useAssignees(): Assignee[] {
  const [list, setList] = useState<Assignee[]>([]);
  useEffect(() => {
    let live = true;
    fetchAssignees().then(
      (found) => live && setList(found),
      () => undefined, // The choices stay those the select always has.
    );
    return () => {
      live = false;
    };
  }, []);
  return list;
}

export const assigneeLabel = (a: { username: string; name: string }) =>
  a.name ? `${a.name} (${a.username})` : a.username;

/**
 * The staff members as options: `leading` first (e.g. "Anyone", "Nobody"), then each member;
 * `current`, when it is nobody listed (yet), stays offered.
 */
export function AssigneeOptions({
  leading,
  current,
}: {
  leading: ReadonlyArray<{ value: string; label: string }>;
  current?: string;
}) {
  const people = useAssignees();
  const listed =
    leading.some((o) => o.value === current) || people.some((p) => p.username === current);
  return (
    <>
      {leading.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {current && !listed && <option value={current}>{current}</option>}
      {people.map((p) => (
        <option key={p.username} value={p.username}>
          {assigneeLabel(p)}
        </option>
      ))}
    </>
  );
}
