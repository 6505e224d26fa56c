/**
 * The banner's A–Z letter dropdown, a select-only combobox (WAI-ARIA APG):
 * focus stays on the combobox, the active option is its aria-activedescendant.
 * Opens on hover or click, closes 150 ms after the pointer leaves or on Escape
 * (wherever focus is); keyboard: arrows, Home/End, Enter/Space, Escape, and
 * typing a letter chooses it.
 */
import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import type { LetterListProps } from './LetterList.tsx';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../content/constants.ts';
import { ALPHABET } from '../../content/states.ts';

export interface LetterPickerProps {
  /** The chosen letter, or '' for none. */
  value: string;
  onChange: (letter: string) => void;
}

/** '' stands for "no letter" and is the first option. */
const OPTIONS = ['', ...ALPHABET];

let listModule: Promise<ComponentType<LetterListProps>> | undefined;
/** Fetches the popup's chunk once per page. */
const loadList = () => (listModule ??= import('./LetterList.tsx').then((m) => m.default));

export function LetterPicker({ value, onChange }: LetterPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A click that follows a hover-open must not close the list the pointer just opened.
  const hoverOpened = useRef(false);

  const [List, setList] = useState<ComponentType<LetterListProps> | null>(null);
  // The popup's code arrives on the first approach (hover, focus, key), before it is needed.
  const prefetch = () => {
    if (!List) void loadList().then((component) => setList(() => component));
  };

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const show = (byHover: boolean) => {
    prefetch();
    clearTimeout(closeTimer.current);
    hoverOpened.current = byHover;
    if (!open) setActive(Math.max(0, OPTIONS.indexOf(value)));
    setOpen(true);
  };
  const hide = () => {
    clearTimeout(closeTimer.current);
    setOpen(false);
  };
  // Escape dismisses a list opened by hover, wherever focus is and without moving the pointer.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  const choose = (index: number) => {
    const letter = OPTIONS[index] ?? '';
    if (letter !== value) onChange(letter);
    hide();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const { key } = event;
    if (/^[a-z]$/i.test(key)) return choose(OPTIONS.indexOf(key.toUpperCase()));
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: OPTIONS.length - 1,
    };
    if (key in moves) {
      event.preventDefault();
      if (!open) return show(false);
      setActive(Math.min(OPTIONS.length - 1, Math.max(0, moves[key] ?? 0)));
    } else if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      if (open) choose(active);
      else show(false);
    } else if (key === 'Escape' && open) {
      event.stopPropagation();
      hide();
    }
  };

  return (
    <div
      className="spartan-letters"
      part="letters"
      data-state={open ? 'open' : 'closed'}
      onMouseEnter={() => show(!open || hoverOpened.current)}
      onMouseLeave={() => {
        clearTimeout(closeTimer.current);
        closeTimer.current = setTimeout(hide, DROPDOWN_CLOSE_DELAY_MS);
      }}
    >
      <div
        role="combobox"
        tabIndex={0}
        className="spartan-letters__button"
        part="letters-button"
        aria-label="A–Z: highlight states by letter"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && List ? `${id}-${active}` : undefined}
        onClick={() => {
          if (open && !hoverOpened.current) hide();
          else show(false);
        }}
        onKeyDown={onKeyDown}
        onFocus={prefetch}
        onBlur={hide}
      >
        {value || 'A–Z'}
        <span aria-hidden="true"> ▾</span>
      </div>
      {open && List && (
        <List id={id} options={OPTIONS} value={value} active={active} onChoose={choose} />
      )}
    </div>
  );
}
