import { HONEYPOT_FIELD } from '../../../content/forms.ts';

/** A field people never see or reach, left empty by them; bots fill it in and the server drops them. */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div className="spartan-honeypot" aria-hidden="true">
      <label>
        Leave this empty
        <input
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      </label>
    </div>
  );
}
