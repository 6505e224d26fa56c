/**
 * A staff account as the rest of the server sees it, who changed it (for the audit trail), and
 * how one-time tokens (setup links, login challenges) are stored: as their SHA-256, never in clear.
 */
import crypto from 'node:crypto';
import type { Role } from './account-rules.ts';
import type { staffUsers } from './schema.ts';

export interface StaffUser {
  id: string;
  username: string;
  role: Role;
  name: string;
}

export type StaffRow = typeof staffUsers.$inferSelect;

export function publicUser(row: Pick<StaffRow, 'id' | 'username' | 'role' | 'name'>): StaffUser {
  return { id: row.id, username: row.username, role: row.role as Role, name: row.name };
}

/** Who made a change, for the audit trail. */
export interface Actor {
  id?: string | undefined;
  username: string;
  ip?: string | undefined;
}

/** The CLI (directly or through the admin socket): no account, a shell on the host. */
export const CLI_ACTOR: Actor = { username: 'cli', ip: 'local' };

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('base64url');
}
