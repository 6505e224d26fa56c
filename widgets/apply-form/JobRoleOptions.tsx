/**
 * The job roles of content/forms.ts as `<optgroup>`s of `<option>`s, one per role: the options
 * of the apply form's Job role select and of the staff list's Job role filter.
 */
import { JOB_ROLE_GROUPS } from '../../content/forms.ts';

export function JobRoleOptions() {
  return (
    <>
      {JOB_ROLE_GROUPS.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.roles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
