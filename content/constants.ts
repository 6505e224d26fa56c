/**
 * Business constants (docs/PRODUCT.md, "Constants"), in one place. The script-tag bundles
 * carry this file in the runtime every widget loads, so constants only one
 * widget needs live in their own files, re-exported here.
 */
export * from './auth.ts';
export * from './carousel.ts';
export * from './map.ts';

/** Seconds it takes the fund to grow by one cent: (30 × 24 × 60 × 60 / 2,500,000) / 100. */
export const SECONDS_PER_CENT = (30 * 24 * 60 * 60) / 2_500_000 / 100;
export const COUNTER_TICK_MS = 1000;
export const COUNTER_START_DATE = '2024-12-15T00:00:00Z';
/** Integer digits shown at viewport widths up to 768 px, and above. */
export const COUNTER_DIGITS_NARROW = 12;
export const COUNTER_DIGITS_WIDE = 14;
/** Local storage keys the counter restores from and writes to. */
export const COUNTER_STORAGE_KEYS = {
  dollars: 'dollars',
  cents: 'cents',
  selectedDate: 'selectedDate',
} as const;

export const BANNER_TEXT =
  "Important States, please help the group to Mirror and Reduce America's National Debt.";
export const TAGLINE = 'Relentlessly Innovate and Repair Everything';
/** Ticker speed in pixels per second. */
export const TICKER_SPEED = 50;
export const DROPDOWN_CLOSE_DELAY_MS = 150;

export const MOBILE_MENU_TRANSITION_S = 0.3;

export const REVIEW_BUSINESS_DAYS = 5;
export const PASSCODE_LENGTH = 6;
export const WHITE_PAPER_PAGES = 10;
export const MEMBERS = 300_000;
export const NEW_COMPANIES = 30_000;
export const NEW_COMPANIES_YEARS = 30;
export const DIVIDEND_SHARE_PERCENT = 50;
export const NATIONAL_DEBT = { trillions: 36.6, interestTrillions: 1, asOf: 'March 2025' } as const;
export const COPYRIGHT_YEAR = 2025;
