import { describe, expect, it } from 'vitest';
import { SECONDS_PER_CENT } from '../../content/constants.ts';
import {
  DEFAULT_START_MS,
  centsAt,
  formatMoney,
  formatMoneyPlain,
  msUntilNextCent,
  parseStartDate,
  readStoredCents,
  splitWide,
  writeStoredCents,
} from './money.ts';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('the counter arithmetic', () => {
  it('grows one cent every (30 × 24 × 60 × 60 / 2,500,000) / 100 seconds', () => {
    expect(SECONDS_PER_CENT).toBeCloseTo(0.010368, 9);
    expect(centsAt(DEFAULT_START_MS + 1036.8, DEFAULT_START_MS)).toBe(100);
    expect(centsAt(DEFAULT_START_MS + 10.368 * 3 - 0.001, DEFAULT_START_MS)).toBe(2);
  });

  it('given the spec start and 2026-11-21T00:00:00Z, then the fund holds $58,833,333.33', () => {
    const cents = centsAt(Date.parse('2026-11-21T00:00:00Z'), DEFAULT_START_MS);
    expect(formatMoneyPlain(cents)).toBe('$58,833,333.33');
  });

  it('is zero before the start date and never negative', () => {
    expect(centsAt(DEFAULT_START_MS - 5000, DEFAULT_START_MS)).toBe(0);
    expect(centsAt(DEFAULT_START_MS, DEFAULT_START_MS)).toBe(0);
  });

  it('depends only on the clock: a late timer lands on the same value', () => {
    const t = DEFAULT_START_MS + 123_456_789;
    expect(centsAt(t, DEFAULT_START_MS)).toBe(centsAt(t, DEFAULT_START_MS));
    expect(msUntilNextCent(t, DEFAULT_START_MS)).toBeGreaterThan(0);
    expect(msUntilNextCent(t, DEFAULT_START_MS)).toBeLessThanOrEqual(11);
  });

  it('falls back to 2024-12-15T00:00:00Z for a missing or invalid start date', () => {
    expect(DEFAULT_START_MS).toBe(Date.UTC(2024, 11, 15));
    expect(parseStartDate(undefined)).toBe(DEFAULT_START_MS);
    expect(parseStartDate('not a date')).toBe(DEFAULT_START_MS);
    expect(parseStartDate('2025-01-01T00:00:00Z')).toBe(Date.UTC(2025, 0, 1));
  });
});

describe('the counter format', () => {
  const cents = 5_883_333_333;
  it('pads to 12 integer digits at narrow widths, grouped, with two cent digits', () => {
    expect(formatMoney(cents, 12)).toBe('$000,058,833,333.33');
  });
  it('pads to 14 integer digits at wide widths', () => {
    expect(formatMoney(cents, 14)).toBe('$00,000,058,833,333.33');
  });
  it('splits the wide form so CSS alone can hide the two lead digits', () => {
    const { lead, narrow, cents: c } = splitWide(cents);
    expect(`$${lead}${narrow}.${c}`).toBe(formatMoney(cents, 14));
    expect(`$${narrow}.${c}`).toBe(formatMoney(cents, 12));
    expect(lead).toBe('00,');
  });
  it('keeps small amounts and cents exact', () => {
    expect(formatMoney(7, 12)).toBe('$000,000,000,000.07');
    expect(formatMoneyPlain(100)).toBe('$1.00');
    expect(formatMoneyPlain(0)).toBe('$0.00');
  });
  it('never truncates an amount wider than the padding', () => {
    expect(formatMoney(123_456_789_012_345_6, 12)).toBe('$12,345,678,901,234.56');
  });
});

describe('the counter storage', () => {
  const start = '2024-12-15T00:00:00.000Z';
  it('writes dollars, cents and selectedDate and reads them back', () => {
    const store = memoryStore();
    writeStoredCents(store, start, 5_883_333_305);
    expect(Object.fromEntries(store.data)).toEqual({
      selectedDate: start,
      dollars: '58833333',
      cents: '05',
    });
    expect(readStoredCents(store, start)).toBe(5_883_333_305);
  });
  it.each([
    ['missing values', {}],
    ['garbage dollars', { selectedDate: start, dollars: 'lots', cents: '12' }],
    ['garbage cents', { selectedDate: start, dollars: '12', cents: '123' }],
    ['negative dollars', { selectedDate: start, dollars: '-5', cents: '00' }],
    ['another start date', { selectedDate: '2025-01-01T00:00:00Z', dollars: '5', cents: '00' }],
    ['an unparsable date', { selectedDate: 'yesterday', dollars: '5', cents: '00' }],
  ])('ignores %s', (_label, values) => {
    expect(readStoredCents(memoryStore(values), start)).toBeNull();
  });
  it('survives a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readStoredCents(throwing, start)).toBeNull();
    expect(() => writeStoredCents(throwing, start, 1)).not.toThrow();
  });
});
