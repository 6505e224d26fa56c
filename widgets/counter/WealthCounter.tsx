/**
 * Live wealth-fund counter: `$` + zero-padded amount with thousands grouping and
 * two cent digits, updated every second from the clock, from start-date.
 *
 * On the Spartans' own site (the component's `remember`), it is also restored from the
 * browser's local storage (keys dollars, cents and selectedDate): without a start-date it counts
 * from the stored selectedDate and stores where it is; it never shows less than the stored
 * amount for its date.
 * Embedded elsewhere it leaves storage alone: those keys on a partner's page are the partner's.
 *
 * Element: `<spartan-counter start-date="2024-12-15T00:00:00Z">`.
 * @attr start-date - ISO start of the fund (default: 2024-12-15T00:00:00Z).
 * @csspart counter - the whole widget
 * @csspart label - the caption above the amount
 * @csspart value - the amount
 * @csspart toggle - the pause / resume button
 * @cssprop --spartan-gold - accent colour
 * @cssprop --spartan-ink - text colour
 * @cssprop --spartan-paper - background
 * @cssprop --spartan-font - font family
 * @cssprop --spartan-counter-size - font size of the amount
 * @cssprop --spartan-counter-background - background of the widget (default: --spartan-ink)
 * @cssprop --spartan-counter-color - colour of the amount (default: --spartan-paper)
 * @cssprop --spartan-counter-label-color - colour of the caption (default: --spartan-gold)
 */
import { useEffect, useId, useRef, useState } from 'react';
import { COUNTER_START_DATE, COUNTER_TICK_MS } from '../../content/constants.ts';
import { PauseToggle, useMotionChoice } from '../runtime/PauseToggle.tsx';
import { useRoot, type RootProps, type RootRefProp } from '../runtime/root-props.ts';
import { useWidgetStyles } from '../runtime/styles.ts';
import { STYLES } from './styles.ts';
import {
  centsAt,
  formatMoneyPlain,
  localStore,
  parseStartDate,
  readStoredCents,
  readStoredStart,
  splitWide,
  writeStoredCents,
} from './money.ts';

export interface WealthCounterProps extends RootProps {
  /**
   * ISO date the fund started accruing; invalid values fall back to the default. Without it,
   * with `remember`, the date stored by this browser (selectedDate), else the default.
   */
  startDate?: string;
  /**
   * Restores and keeps the counter in this browser's local storage (keys dollars, cents and
   * selectedDate), as the Spartans' own site does. Off by default: on another site those keys
   * belong to that site, which could change the count or lose its own data to it.
   */
  remember?: boolean;
  /** Caption shown above the amount and used as its accessible name. */
  label?: string;
}

export function WealthCounter(props: WealthCounterProps & RootRefProp<HTMLDivElement>) {
  const { startDate, label = 'The Private Spartan Wealth Fund', remember = false } = props;
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, STYLES);
  const root = useRoot(ref, 'spartan-root spartan-counter', props);
  const labelId = useId();
  // Read once: the stored date is where this browser's counter left off.
  const [storedStart] = useState(() => (remember ? readStoredStart(localStore()) : null));
  const startMs = parseStartDate(startDate ?? storedStart ?? COUNTER_START_DATE);
  const startIso = new Date(startMs).toISOString();
  const [paused, , setUserPaused] = useMotionChoice();

  // The value is derived from the clock; state only holds "now", refreshed every second.
  const [now, setNow] = useState(() => Date.now());
  // Never show less than this browser already showed for this start date (e.g. after the
  // clock was set back): the last stored value is a floor.
  const [floor] = useState(() => ({
    startIso,
    cents: remember ? readStoredCents(localStore(), startIso) : null,
  }));
  const fromClock = centsAt(now, startMs);
  const cents =
    floor.startIso === startIso && floor.cents !== null
      ? Math.max(fromClock, floor.cents)
      : fromClock;

  useEffect(() => {
    if (paused) return;
    // Each tick reads the clock, so a throttled or sleeping tab is right on its next tick.
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0); // catch up at once after a resume
    const timer = setInterval(tick, COUNTER_TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [paused]);

  // The stored counter is the one that follows storage (no start-date given). A counter with its
  // own start-date writes only when that is the stored date, so it never moves the other's start.
  const keeps = remember && (startDate === undefined || storedStart === startIso);
  useEffect(() => {
    if (keeps) writeStoredCents(localStore(), startIso, cents);
  }, [keeps, startIso, cents]);

  const { lead, narrow, cents: centDigits } = splitWide(cents);
  return (
    <div
      {...root}
      part="counter"
      role="group"
      aria-labelledby={labelId}
      data-state={paused ? 'paused' : 'running'}
    >
      <span id={labelId} className="spartan-counter__label" part="label">
        {label}
      </span>
      <span className="spartan-counter__row">
        <span className="spartan-counter__value" part="value">
          {/* The amount follows the clock: a server render and its hydration a moment later
              differ by design. */}
          <span aria-hidden="true" className="spartan-counter__digits" suppressHydrationWarning>
            $
            <span className="spartan-counter__lead" suppressHydrationWarning>
              {lead}
            </span>
            {narrow}.{centDigits}
          </span>
          <span className="spartan-visually-hidden" suppressHydrationWarning>
            {formatMoneyPlain(cents)}
          </span>
        </span>
        <PauseToggle
          stopped={paused}
          onClick={() => setUserPaused(!paused)}
          className="spartan-counter__toggle"
          part="toggle"
          labels={['Resume counter', 'Pause counter']}
        />
      </span>
    </div>
  );
}

export default WealthCounter;
