/**
 * The state banner: the call to help reduce the national debt, an A–Z letter
 * dropdown and a continuously scrolling ticker of the 50 states (speed 50 px/s,
 * seamless loop, paused on hover and focus, stopped under reduced motion).
 * States whose first letter is the chosen one are highlighted.
 *
 * Element: `<spartan-banner>`.
 * @event spartan-letter - {letter} when a letter is chosen ('' when cleared)
 * @csspart banner - the whole widget
 * @csspart message - the banner text
 * @csspart letters - the dropdown
 * @csspart letters-button - the button that opens the letter list
 * @csspart letters-list - the open list of letters
 * @csspart ticker - the scrolling viewport
 * @csspart state - each state name
 * @csspart state-highlighted - a state whose name starts with the chosen letter
 * @csspart toggle - the pause / play button
 * @cssprop --spartan-maroon - banner background
 * @cssprop --spartan-gold - highlight colour
 * @cssprop --spartan-paper - banner text colour
 * @cssprop --spartan-ticker-duration - one loop of the ticker; set by the widget from the ticker's width (50 px/s)
 */
import { useRef, useState } from 'react';
import { BANNER_TEXT, TICKER_SPEED } from '../../content/constants.ts';
import { US_STATES } from '../../content/states.ts';
import { PauseToggle, useMotionChoice } from '../runtime/PauseToggle.tsx';
import { useRoot, type RootProps, type RootRefProp } from '../runtime/root-props.ts';
import { useBrowserLayoutEffect, useWidgetStyles } from '../runtime/styles.ts';
import tokensCss from '../runtime/tokens.css?inline';
import bannerCss from './banner.css?inline';
import { LetterPicker } from './LetterPicker.tsx';

export interface StateBannerProps extends RootProps {
  /**
   * The chosen letter ('' for none), for a banner the app controls: the banner shows this letter
   * and reports a choice through `onLetterChange` without changing it. Without it the banner
   * keeps its own choice.
   */
  letter?: string;
  /** Called with the chosen letter ('' when cleared). */
  onLetterChange?: (letter: string) => void;
  /** Banner text; defaults to the specification's. */
  message?: string;
}

const STYLES = [tokensCss, bannerCss];

/** States matching a letter, case-insensitively; none for ''. */
export function statesStartingWith(letter: string): string[] {
  if (!letter) return [];
  return US_STATES.filter((s) => s[0]?.toUpperCase() === letter.toUpperCase());
}

export function StateBanner(props: StateBannerProps & RootRefProp<HTMLDivElement>) {
  const { onLetterChange, message = BANNER_TEXT } = props;
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, STYLES);
  const root = useRoot(ref, 'spartan-root spartan-banner', props);
  const [chosen, setLetter] = useState('');
  const letter = props.letter ?? chosen;
  const [paused, userPaused, setUserPaused] = useMotionChoice();
  const listRef = useRef<HTMLUListElement>(null);
  const [duration, setDuration] = useState<number | null>(null);

  // One copy's width / speed = seconds per loop, so the speed stays 50 px/s at any font size.
  useBrowserLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const width = list.getBoundingClientRect().width;
      if (width > 0) setDuration(width / TICKER_SPEED);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const matches = statesStartingWith(letter);
  const choose = (next: string) => {
    setLetter(next);
    onLetterChange?.(next);
  };
  // Rendered twice (the second copy makes the loop seamless); fresh elements for each copy.
  const states = () =>
    US_STATES.map((state) => {
      const hit = letter !== '' && state.startsWith(letter);
      return (
        <li
          key={state}
          className="spartan-banner__state"
          part={hit ? 'state state-highlighted' : 'state'}
          data-highlighted={hit ? 'true' : undefined}
        >
          {state}
        </li>
      );
    });

  const tickerStyle = duration
    ? { ['--spartan-ticker-duration' as string]: `${duration}s` }
    : undefined;
  return (
    <div
      {...root}
      part="banner"
      role="region"
      aria-label="Important states banner"
      data-state={paused ? 'paused' : 'running'}
      data-motion={userPaused === false ? 'chosen' : undefined}
    >
      <p className="spartan-banner__message" part="message">
        {message}
      </p>
      <div className="spartan-banner__row">
        <LetterPicker value={letter} onChange={choose} />
        <section
          className="spartan-banner__ticker"
          part="ticker"
          aria-label="The 50 US states"
          // Focusable so keyboard users can pause it (focus pauses) and scroll it when stopped.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <div className="spartan-banner__track" style={tickerStyle}>
            <ul ref={listRef} className="spartan-banner__list">
              {states()}
            </ul>
            <ul className="spartan-banner__list spartan-banner__clone" aria-hidden="true">
              {states()}
            </ul>
          </div>
        </section>
        <PauseToggle
          stopped={paused}
          onClick={() => setUserPaused(!paused)}
          className="spartan-banner__toggle"
          part="toggle"
          labels={['Play state ticker', 'Pause state ticker']}
        />
      </div>
      <p className="spartan-visually-hidden" role="status">
        {letter && `States starting with ${letter}: ${matches.join(', ') || 'none'}.`}
      </p>
    </div>
  );
}

export default StateBanner;
