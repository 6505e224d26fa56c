import { describe, expect, it } from 'vitest';
import { loginUrl, safeNext } from './next.ts';

const origin = 'https://spartans.test';

describe('safeNext', () => {
  it('returns a same-origin path with its query and hash', () => {
    expect(safeNext('?next=%2Fstaff%2Finvestors%3Fpage%3D2%23top', origin)).toBe(
      '/staff/investors?page=2#top',
    );
  });
  it.each([
    ['', '/'],
    ['?next=https://evil.test/x', '/'],
    ['?next=//evil.test/x', '/'],
    ['?next=/\\evil.test', '/'],
    ['?next=javascript:alert(1)', '/'],
    ['?next=staff', '/'],
    ['?next=/security-login', '/'],
  ])('refuses %s (goes home)', (search, expected) => {
    expect(safeNext(search, origin)).toBe(expected);
  });
  it('builds the login URL that comes back', () => {
    expect(loginUrl('/staff?q=a b')).toBe('/security-login?next=%2Fstaff%3Fq%3Da%20b');
    expect(loginUrl('/')).toBe('/security-login');
  });
});
