/**
 * The mobile menu (below 1024 px): a panel sliding in from the right over a half-opacity
 * overlay (0.3 s), on a native modal <dialog> so focus stays in it, Escape closes it
 * (widgets/dialog/modal.ts, shared with the other dialogs) and focus returns to the hamburger.
 * Its two groups expand independently; choosing a link closes it.
 */
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { MOBILE_MENU_TRANSITION_S } from '../../content/constants.ts';
import { ChevronIcon, MenuIcon } from '../components/Icons.tsx';
import { closeDialog, openDialog, useDismiss } from '../../widgets/dialog/modal.ts';
import { MOBILE_LINKS, NAV_GROUPS, OPEN_LETTER_LINK } from './nav.ts';
import { NavLinks } from './NavLinks.tsx';
import { usePrefersReducedMotion } from '../../widgets/motion.ts';

export function MobileMenu({ url }: { url: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [closing, setClosing] = useState(false);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const reducedMotion = usePrefersReducedMotion();

  const finishClose = () => {
    clearTimeout(closeTimer.current);
    setClosing(false);
    if (dialogRef.current) closeDialog(dialogRef.current);
    setOpen(false);
  };
  // Slides out before closing, unless motion is reduced.
  const close = () => {
    if (reducedMotion) return finishClose();
    setClosing(true);
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(finishClose, MOBILE_MENU_TRANSITION_S * 1000);
  };
  // Escape (the browser's cancel) and a click on the backdrop slide it out; a close by the
  // browser itself (the dialog already shut) only updates the state.
  useDismiss(dialogRef, () => {
    if (dialogRef.current?.open) close();
    else setOpen(false);
  });
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const show = () => {
    if (!dialogRef.current) return;
    openDialog(dialogRef.current);
    setOpen(true);
  };

  // A chosen link closes the menu at once: the router shows the new page.
  const onPanelClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) finishClose();
  };

  return (
    <>
      <button
        type="button"
        className="hamburger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={show}
      >
        <MenuIcon />
        <span className="spartan-visually-hidden">Menu</span>
      </button>
      <dialog
        ref={dialogRef}
        id={panelId}
        className="mobile-menu"
        aria-label="Menu"
        data-state={closing ? 'closing' : open ? 'open' : 'closed'}
      >
        {/* Clicks on links bubble here; the links themselves are the keyboard path. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <nav className="mobile-menu__panel" aria-label="Mobile" onClick={onPanelClick}>
          <div className="mobile-menu__head">
            <span className="mobile-menu__title">Menu</span>
            <button type="button" className="mobile-menu__close" onClick={close}>
              <span aria-hidden="true">×</span>
              <span className="spartan-visually-hidden">Close menu</span>
            </button>
          </div>
          <a className="button button--gold mobile-menu__letter" href={OPEN_LETTER_LINK.href}>
            {OPEN_LETTER_LINK.label}
          </a>
          {NAV_GROUPS.map((group) => {
            const isOpen = expanded[group.id] ?? false;
            const listId = `${panelId}-${group.id}`;
            return (
              <div key={group.id} className="mobile-menu__group">
                <button
                  type="button"
                  className="mobile-menu__toggle"
                  aria-expanded={isOpen}
                  aria-controls={listId}
                  onClick={() => setExpanded({ ...expanded, [group.id]: !isOpen })}
                >
                  {group.label}
                  <ChevronIcon />
                </button>
                <ul id={listId} className="mobile-menu__sublist" hidden={!isOpen}>
                  <NavLinks links={group.links} url={url} />
                </ul>
              </div>
            );
          })}
          <ul className="mobile-menu__links">
            <NavLinks links={MOBILE_LINKS} url={url} />
          </ul>
        </nav>
      </dialog>
    </>
  );
}
