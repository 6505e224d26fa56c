/**
 * The popup of the letter picker: a listbox of None and A–Z. It is its own chunk,
 * fetched when the picker is first hovered or focused, so the banner's first
 * render does not carry it; the combobox (LetterPicker) owns focus and keys.
 */
import { useRef } from 'react';
import { useWidgetStyles } from '../runtime/styles.ts';
import listCss from './letter-list.css?inline';

export interface LetterListProps {
  /** Id prefix shared with the combobox (`${id}-list`, `${id}-${index}`). */
  id: string;
  /** '' (None) then A–Z. */
  options: readonly string[];
  value: string;
  active: number;
  onChoose: (index: number) => void;
}

const STYLES = [listCss];

export default function LetterList({ id, options, value, active, onChoose }: LetterListProps) {
  const ref = useRef<HTMLUListElement>(null);
  useWidgetStyles(ref, STYLES, true);
  return (
    <ul
      ref={ref}
      id={`${id}-list`}
      role="listbox"
      aria-label="Letter"
      className="spartan-letters__list"
      part="letters-list"
      // Keep focus on the combobox when an option is clicked.
      onMouseDown={(event) => event.preventDefault()}
    >
      {options.map((letter, index) => (
        // Keyboard users choose through the combobox (aria-activedescendant); this is the pointer path.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={index}
          id={`${id}-${index}`}
          role="option"
          aria-selected={letter === value}
          data-active={index === active || undefined}
          className="spartan-letters__option"
          onClick={() => onChoose(index)}
        >
          {letter || 'None'}
        </li>
      ))}
    </ul>
  );
}
