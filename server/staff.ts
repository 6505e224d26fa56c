/**
 * Staff accounts: create, list, remove. Used by the CLI (`npm run staff`),
 * by the app (decorated as `app.staff`, so tests can create an account in a
 * running server without opening its database a second time), and by tests.
 *
 *   const app = await build({ dataDir, ... });
 *   await app.staff.create({ username: 'ada', password: 'a long passphrase', name: 'Ada' });
 *
 * There is no default account.
 */
import crypto from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from './db/index.ts';
import { staffUsers } from './db/schema.ts';
import { hashPassword, passwordProblem } from './security/passwords.ts';

export const STAFF_ROLE = 'admin';
const USERNAME = /^[A-Za-z0-9._@-]{1,150}$/;

export interface StaffUser {
  id: string;
  username: string;
  role: string;
  name: string;
}

export interface NewStaffAccount {
  username: string;
  password: string;
  name?: string | undefined;
}

export class StaffAccountError extends Error {
  override name = 'StaffAccountError';
}

export interface StaffService {
  create(account: NewStaffAccount): Promise<StaffUser>;
  list(): Promise<Array<StaffUser & { createdAt: Date }>>;
  /** Removes the account and, with it, every session it holds. True if it existed. */
  remove(username: string): Promise<boolean>;
}

/** Creates a staff account (role admin); refuses a bad username, weak password or duplicate. */
export async function createStaffAccount(db: Db, account: NewStaffAccount): Promise<StaffUser> {
  const username = account.username.trim();
  if (!USERNAME.test(username)) {
    throw new StaffAccountError(
      'The username must be 1 to 150 letters, digits or . _ @ - characters',
    );
  }
  const problem = passwordProblem(account.password);
  if (problem) throw new StaffAccountError(problem);
  const name = (account.name ?? '').trim().slice(0, 150);
  if (await findStaffByUsername(db, username)) {
    throw new StaffAccountError(`A staff account named ${username} already exists`);
  }
  const user: StaffUser = { id: crypto.randomUUID(), username, role: STAFF_ROLE, name };
  await db.insert(staffUsers).values({
    ...user,
    passwordHash: await hashPassword(account.password),
    createdAt: new Date(),
  });
  return user;
}

export async function findStaffByUsername(db: Db, username: string) {
  const rows = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.username})`, username.trim().toLowerCase()))
    .limit(1);
  return rows[0];
}

export function staffService(db: Db): StaffService {
  return {
    create: (account) => createStaffAccount(db, account),
    list: () =>
      db
        .select({
          id: staffUsers.id,
          username: staffUsers.username,
          role: staffUsers.role,
          name: staffUsers.name,
          createdAt: staffUsers.createdAt,
        })
        .from(staffUsers)
        .orderBy(asc(staffUsers.username)),
    remove: async (username) => {
      const user = await findStaffByUsername(db, username);
      if (!user) return false;
      // staff_sessions rows go with it (ON DELETE CASCADE): its tokens stop working at once.
      await db.delete(staffUsers).where(eq(staffUsers.id, user.id));
      return true;
    },
  };
}
