import { describe, expect, it } from 'vitest';
import {
  ACCREDITED_INVESTOR_CRITERIA,
  BENEFIT_TABS,
  INVESTOR_BENEFIT_TABS,
  INVESTOR_COMING_SOON_TABS,
  LOTTERY_TEXT,
  DEBT_TEXT,
  OVERVIEW_SECTIONS,
} from './benefits.ts';
import { WHITE_PAPER_PAGES } from './constants.ts';
import { FOUNDERS } from './founders.ts';
import { HERO_SLIDES, isLiveCompany, PARTNER_COMPANIES } from './site.ts';
import { CLEAR_STATEMENTS, FUND_TOPICS, MISSION_STATEMENTS } from './statements.ts';
import { WHITE_PAPER_CHAPTERS } from './white-paper.ts';

describe('site content (docs/PRODUCT.md, "Content")', () => {
  it('holds the specified number of each list', () => {
    expect(MISSION_STATEMENTS).toHaveLength(4);
    expect(FUND_TOPICS).toHaveLength(6);
    expect(CLEAR_STATEMENTS).toHaveLength(8);
    expect(PARTNER_COMPANIES).toHaveLength(4);
    expect(FOUNDERS).toHaveLength(3);
    expect(OVERVIEW_SECTIONS).toHaveLength(6);
    expect(HERO_SLIDES.length).toBeGreaterThanOrEqual(1);
    expect(BENEFIT_TABS).toHaveLength(5);
    expect(INVESTOR_BENEFIT_TABS).toHaveLength(4);
    expect(INVESTOR_COMING_SOON_TABS).toHaveLength(4);
    expect(ACCREDITED_INVESTOR_CRITERIA).toHaveLength(5);
    expect(WHITE_PAPER_CHAPTERS).toHaveLength(WHITE_PAPER_PAGES);
  });

  it('gives every white-paper chapter its own text', () => {
    const texts = WHITE_PAPER_CHAPTERS.map((c) => c.paragraphs.join(' '));
    expect(new Set(texts).size).toBe(WHITE_PAPER_CHAPTERS.length);
    for (const chapter of WHITE_PAPER_CHAPTERS)
      expect(chapter.paragraphs.length).toBeGreaterThan(1);
  });

  it('numbers missions "Mission Statement N", Coming Soon except the empty fourth', () => {
    expect(MISSION_STATEMENTS.map((m) => m.title)).toEqual(
      [1, 2, 3, 4].map((n) => `Mission Statement ${n}`),
    );
    expect(MISSION_STATEMENTS.map((m) => m.subtitle)).toEqual([
      'Coming Soon',
      'Coming Soon',
      'Coming Soon',
      '',
    ]);
  });

  it('starts every clear statement description with a bullet', () => {
    for (const s of CLEAR_STATEMENTS) expect(s.description.startsWith('•')).toBe(true);
  });

  it('marks only company 1 live; 1 and 2 have real project names, 3 and 4 are Coming Soon', () => {
    expect(PARTNER_COMPANIES.filter(isLiveCompany).map((c) => c.companyNumber)).toEqual([1]);
    expect(PARTNER_COMPANIES.map((c) => c.projectName === 'Coming Soon')).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('gives founder 1 the CEO title and the others none', () => {
    expect(FOUNDERS.map((f) => f.founder_title2)).toEqual(['CEO', '', '']);
  });

  it('carries the lottery text on the lottery tab and the debt figures on the others', () => {
    const lottery = BENEFIT_TABS.find((t) => t.label === 'The Spartan Employee Lottery');
    expect(lottery?.text).toBe(LOTTERY_TEXT);
    expect(LOTTERY_TEXT).toMatch(/every month, one employee is chosen at random/i);
    for (const tab of BENEFIT_TABS.filter((t) => t !== lottery)) expect(tab.text).toBe(DEBT_TEXT);
    expect(DEBT_TEXT).toContain('36.6 trillion');
    expect(DEBT_TEXT).toContain('1 trillion');
    expect(DEBT_TEXT).toContain('March 2025');
  });

  it('states the accredited investor thresholds of docs/PRODUCT.md', () => {
    const text = ACCREDITED_INVESTOR_CRITERIA.map((c) => c.text).join(' ');
    for (const needle of [
      '$200,000',
      '$300,000',
      '$1.0 million',
      'Series 7',
      'Series 82',
      'Series 65',
      'general partner',
    ])
      expect(text).toContain(needle);
    expect(ACCREDITED_INVESTOR_CRITERIA.map((c) => c.id)).toEqual([
      'income',
      'joint_income',
      'net_worth',
      'insider',
      'license',
    ]);
  });

  it('keeps only first-party media, each file present under media/', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const files = [
      ...HERO_SLIDES.map((s) => s.image),
      ...MISSION_STATEMENTS.map((m) => m.image),
      ...FOUNDERS.map((f) => f.profile_url),
      ...FUND_TOPICS.flatMap((t) => [t.video, t.poster]),
    ];
    for (const file of files) {
      expect(file).not.toMatch(/^https?:/);
      expect(fs.existsSync(path.join(process.cwd(), 'media', file)), file).toBe(true);
    }
  });
});
