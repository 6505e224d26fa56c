/** The setup link's address: PUBLIC_URL when set, never a Host the request made up. */
import { describe, expect, it } from 'vitest';
import { setupLinkUrl } from './admin-routes.ts';

const link = { token: 'tok-en', expiresAt: new Date('2030-01-01T00:00:00Z') };
const forged = { protocol: 'http' as const, host: 'attacker.example' };

describe('setup link address', () => {
  it('given PUBLIC_URL, then the link is under it, whatever Host the request named', () => {
    expect(setupLinkUrl('https://spartans.example', forged, link)).toEqual({
      setup_url: 'https://spartans.example/security-setup#tok-en',
      setup_expires_at: link.expiresAt,
    });
    expect(setupLinkUrl('https://example.org/spartans', forged, link).setup_url).toBe(
      'https://example.org/spartans/security-setup#tok-en',
    );
  });

  it('given no PUBLIC_URL, then the link is this server as the admin’s browser addressed it', () => {
    expect(setupLinkUrl(undefined, { protocol: 'https', host: 'staff.local:8443' }, link)).toEqual({
      setup_url: 'https://staff.local:8443/security-setup#tok-en',
      setup_expires_at: link.expiresAt,
    });
  });
});
