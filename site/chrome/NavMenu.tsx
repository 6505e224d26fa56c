/**
 * A header drop-down, the disclosure pattern of the WAI-ARIA practices: a button
 * that shows or hides a list of links, walked with Tab (no arrow keys, which stay
 * with the page). Opens on hover, on click and with Enter/Space; Escape closes it
 * wherever focus and the pointer are (focus inside returns to its button); leaving
 * it with the pointer (after 150 ms) or with focus closes it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../content/constants.ts';
import { ChevronIcon } from '../components/Icons.tsx';
import { isCurrent, type NavGroup } from './nav.ts';
import { NavLinks } from './NavLinks.tsx';

export interface NavMenuProps {
  group: NavGroup;
  /** The current URL, to mark the current page. */
  url: string;
}

export function NavMenu({ group, url }: NavMenuProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A click right after a hover-open must not close what the pointer just opened.
  const hoverOpened = useRef(false);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    // focusout bubbles in both React and preact (blur does not in preact).
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    root.addEventListener('focusout', onFocusOut);
    return () => {
      root.removeEventListener('focusout', onFocusOut);
      clearTimeout(closeTimer.current);
    };
  }, []);

  const close = (refocus: boolean) => {
    clearTimeout(closeTimer.current);
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  // Escape dismisses the open panel even when it was opened by hover and focus is elsewhere
  // (content shown on hover must be dismissable without moving the pointer).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(rootRef.current?.contains(document.activeElement) ?? false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const active = group.links.some((link) => isCurrent(link.href, url));
  return (
    // Pointer hover is an enhancement; the button is the keyboard and touch path.
    <div
      ref={rootRef}
      className="nav-menu"
      data-state={open ? 'open' : 'closed'}
      onMouseEnter={() => {
        clearTimeout(closeTimer.current);
        if (!open) hoverOpened.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        clearTimeout(closeTimer.current);
        closeTimer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-link nav-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        data-active={active ? 'true' : undefined}
        onClick={() => {
          if (open && hoverOpened.current) hoverOpened.current = false;
          else setOpen(!open);
        }}
      >
        {group.label}
        <ChevronIcon />
      </button>
      <ul id={listId} className="nav-menu__list" hidden={!open}>
        <NavLinks
          links={group.links}
          url={url}
          className="nav-menu__link"
          onNavigate={() => close(false)}
        />
      </ul>
    </div>
  );
}
