/**
 * The banner's A–Z letter dropdown: a button and a listbox popup. Opens on
 * hover or click, closes 150 ms after the pointer leaves; fully keyboard
 * operable (arrows, Home/End, Enter/Space, Escape, typing a letter).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ALPHABET, DROPDOWN_CLOSE_DELAY_MS } from '../../content/index.ts';

export interface LetterPickerProps {
  /** The chosen letter, or '' for none. */
  value: string;
  onChange: (letter: string) => void;
}

/** '' stands for "no letter" and is the first option. */
const OPTIONS = ['', ...ALPHABET];

export function LetterPicker({ value, onChange }: LetterPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(() => Math.max(0, OPTIONS.indexOf(value)));
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusListOnOpen = useRef(false);
  // A click that follows a hover-open must not close the list the pointer just opened.
  const openedByHover = useRef(false);

  const cancelClose = () => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  useEffect(() => cancelClose, []);

  const openList = (focusList: boolean) => {
    cancelClose();
    openedByHover.current = !focusList;
    setActive(Math.max(0, OPTIONS.indexOf(value)));
    focusListOnOpen.current = focusList;
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    cancelClose();
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const choose = (index: number) => {
    const letter = OPTIONS[index] ?? '';
    if (letter !== value) onChange(letter);
    close(true);
  };

  useEffect(() => {
    if (open && focusListOnOpen.current) listRef.current?.focus();
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList(true);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = OPTIONS.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActive(Math.min(last, Math.max(0, index)));
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(active + 1);
      case 'ArrowUp':
        return move(active - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'PageDown':
        return move(active + 5);
      case 'PageUp':
        return move(active - 5);
      case 'Enter':
      case ' ':
        event.preventDefault();
        return choose(active);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
      default:
        if (/^[a-z]$/i.test(event.key)) {
          event.preventDefault();
          choose(OPTIONS.indexOf(event.key.toUpperCase()));
        }
    }
  };

  useEffect(() => {
    if (!open) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    // Hover opening is a convenience on top of the button; the button alone is the keyboard path.
    <div
      className="spartan-letters"
      part="letters"
      data-state={open ? 'open' : 'closed'}
      onMouseEnter={() => {
        if (!open) openList(false);
        else cancelClose();
      }}
      onMouseLeave={() => {
        cancelClose();
        closeTimer.current = setTimeout(() => close(false), DROPDOWN_CLOSE_DELAY_MS);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="spartan-letters__button"
        part="letters-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          if (!open) openList(true);
          else if (openedByHover.current) {
            openedByHover.current = false;
            listRef.current?.focus();
          } else close(false);
        }}
        onKeyDown={onButtonKeyDown}
      >
        <span className="spartan-visually-hidden">Highlight states starting with letter: </span>
        <span className="spartan-letters__value">{value || 'A–Z'}</span>
        <span aria-hidden="true" className="spartan-letters__chevron">
          ▾
        </span>
      </button>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        tabIndex={-1}
        aria-label="Letter"
        aria-activedescendant={open ? optionId(active) : undefined}
        className="spartan-letters__list"
        part="letters-list"
        hidden={!open}
        onKeyDown={onListKeyDown}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close(false);
        }}
      >
        {OPTIONS.map((letter, index) => (
          // Options are chosen by pointer here and by keyboard on the listbox (activedescendant pattern).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={letter || 'none'}
            id={optionId(index)}
            data-index={index}
            role="option"
            aria-selected={letter === value}
            data-active={index === active ? 'true' : undefined}
            className="spartan-letters__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
          >
            {letter || 'None'}
          </li>
        ))}
      </ul>
    </div>
  );
}
