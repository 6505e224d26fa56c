import { useState } from 'react';

/** A form's text values, with a binder for inputs that also drops the field's error on change. */
export function useValues<V extends Record<string, string>>(
  initial: V,
  onChange: (field: string) => void,
) {
  const [values, setValues] = useState<V>(initial);
  const set = (name: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    onChange(name);
  };
  const bind = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) => set(name)(e.currentTarget.value),
  });
  return { values, set, bind };
}
