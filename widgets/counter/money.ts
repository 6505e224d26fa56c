/**
 * The wealth-fund counter's arithmetic and formatting, free of any UI.
 * The value is a pure function of the clock, so a sleeping tab or a late timer
 * never drifts: it is recomputed from `Date.now()` on every tick.
 */
import {
  COUNTER_DIGITS_NARROW,
  COUNTER_DIGITS_WIDE,
  COUNTER_START_DATE,
  COUNTER_STORAGE_KEYS,
  SECONDS_PER_CENT,
} from '../../content/constants.ts';

export const DEFAULT_START_MS = Date.parse(COUNTER_START_DATE);

/** Parses an ISO start date; anything unusable falls back to the spec's default. */
export function parseStartDate(value: string | undefined | null): number {
  if (!value) return DEFAULT_START_MS;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : DEFAULT_START_MS;
}

/** Whole cents accrued between `startMs` and `nowMs` (never negative). */
export function centsAt(nowMs: number, startMs: number): number {
  const seconds = (nowMs - startMs) / 1000;
  if (!(seconds > 0)) return 0;
  // A tiny epsilon keeps exact multiples (e.g. 1.0368 s = 100 cents) from flooring down.
  return Math.floor(seconds / SECONDS_PER_CENT + 1e-9);
}

/** Milliseconds until the next whole cent after `nowMs`, for callers that want to align ticks. */
export function msUntilNextCent(nowMs: number, startMs: number): number {
  const next = (centsAt(nowMs, startMs) + 1) * SECONDS_PER_CENT * 1000 + startMs;
  return Math.max(0, Math.ceil(next - nowMs));
}

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export interface MoneyParts {
  /** Integer part zero-padded to the requested width and grouped by thousands, e.g. `000,058,833,333`. */
  integer: string;
  /** Two cent digits. */
  cents: string;
}

/** Splits cents into padded, grouped integer digits and two cent digits. */
export function moneyParts(totalCents: number, integerDigits: number): MoneyParts {
  const safe = Math.max(0, Math.floor(totalCents));
  const dollars = Math.floor(safe / 100).toString();
  const padded = dollars.length >= integerDigits ? dollars : dollars.padStart(integerDigits, '0');
  return { integer: group(padded), cents: (safe % 100).toString().padStart(2, '0') };
}

/** `$` + zero-padded grouped integer + `.` + cents, e.g. `$000,058,833,333.33` at 12 digits. */
export function formatMoney(totalCents: number, integerDigits: number): string {
  const { integer, cents } = moneyParts(totalCents, integerDigits);
  return `$${integer}.${cents}`;
}

/** The amount as a person would say it, without padding: `$58,833,333.33`. */
export function formatMoneyPlain(totalCents: number): string {
  const { integer, cents } = moneyParts(totalCents, 1);
  return `$${integer}.${cents}`;
}

/**
 * The wide format's integer part split into the digits shown only above 768 px
 * and the narrow (12-digit) part, so CSS alone switches width without layout shift.
 * `$00,000,058,833,333.33` = lead `00,` + narrow `000,058,833,333`.
 */
export function splitWide(totalCents: number): { lead: string; narrow: string; cents: string } {
  const wide = moneyParts(totalCents, COUNTER_DIGITS_WIDE);
  // Grouping runs from the right, so the narrow form is always a suffix of the wide one.
  const narrow = moneyParts(totalCents, COUNTER_DIGITS_NARROW).integer;
  return {
    lead: wide.integer.slice(0, wide.integer.length - narrow.length),
    narrow,
    cents: wide.cents,
  };
}

/** Minimal storage interface (window.localStorage, or a stand-in). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The last value this browser showed for `startIso`, or null when storage holds
 * nothing usable (missing, garbage, another start date, or storage throwing).
 */
export function readStoredCents(store: KeyValueStore | null, startIso: string): number | null {
  if (!store) return null;
  try {
    const dollars = store.getItem(COUNTER_STORAGE_KEYS.dollars) ?? '';
    const cents = store.getItem(COUNTER_STORAGE_KEYS.cents) ?? '';
    const selected = Date.parse(store.getItem(COUNTER_STORAGE_KEYS.selectedDate) ?? '');
    return selected === Date.parse(startIso) &&
      /^\d{1,15}$/.test(dollars) &&
      /^\d{1,2}$/.test(cents)
      ? Number(dollars) * 100 + Number(cents)
      : null;
  } catch {
    return null;
  }
}

/** The start date this browser stored (selectedDate) as an ISO string, or null when none is usable. */
export function readStoredStart(store: KeyValueStore | null): string | null {
  try {
    const ms = Date.parse(store?.getItem(COUNTER_STORAGE_KEYS.selectedDate) ?? '');
    return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
  } catch {
    return null;
  }
}

/** Writes the shown value under the spec's keys; storage errors (quota, privacy mode) are ignored. */
export function writeStoredCents(
  store: KeyValueStore | null,
  startIso: string,
  totalCents: number,
): void {
  if (!store) return;
  try {
    store.setItem(COUNTER_STORAGE_KEYS.selectedDate, startIso);
    store.setItem(COUNTER_STORAGE_KEYS.dollars, Math.floor(totalCents / 100).toString());
    store.setItem(COUNTER_STORAGE_KEYS.cents, (totalCents % 100).toString().padStart(2, '0'));
  } catch {
    /* storage unavailable: the counter still works from the clock */
  }
}

/** localStorage when the browser lets us have it, else null. */
export function localStore(): KeyValueStore | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}
