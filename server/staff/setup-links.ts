/**
 * One-time setup links: an account created or reset without a password (or whose second factor
 * an admin reset) gets a random token, stored as its SHA-256 (server/staff/staff-user.ts), that
 * works once and for SETUP_LINK_TTL_MS.
 */
import crypto from 'node:crypto';

/** How long a setup link works. */
export const SETUP_LINK_TTL_MS = 72 * 60 * 60 * 1000;

export interface SetupLink {
  token: string;
  expiresAt: Date;
}

export function newSetupLink(): SetupLink {
  return {
    token: crypto.randomBytes(32).toString('base64url'),
    expiresAt: new Date(Date.now() + SETUP_LINK_TTL_MS),
  };
}
