import { Field } from './Field.tsx';

/** The contact inputs both application forms ask for, each with its label and autofill hint. */
const CONTACT = {
  fullname: { label: 'Full Name', type: undefined, autoComplete: 'name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  phone: { label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  location: { label: 'Location', type: undefined, autoComplete: 'address-level2' },
} as const;

type ContactName = keyof typeof CONTACT;

export interface ContactFieldProps {
  name: ContactName;
  /** The control's id (unique in its root). */
  id: string;
  error: string | undefined;
  /** The form's binder from `useValues`: an input's name, value and change handler. */
  bind: (name: ContactName) => {
    name: string;
    value: string;
    onChange: (e: { currentTarget: { value: string } }) => void;
  };
}

/** A required contact field (name, email, phone or location), the same in every application form. */
export function ContactField({ name, id, error, bind }: ContactFieldProps) {
  const { label, type, autoComplete } = CONTACT[name];
  return (
    <Field id={id} label={label} required error={error}>
      {(a11y) => (
        <input
          {...a11y}
          {...bind(name)}
          type={type}
          className="spartan-input"
          autoComplete={autoComplete}
          spellCheck={name === 'email' ? false : undefined}
        />
      )}
    </Field>
  );
}
