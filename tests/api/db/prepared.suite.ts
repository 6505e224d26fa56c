/** Statements run for their effect (server/db/prepared.ts), in the API suite. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness } from '../setup/api.ts';

export function preparedStatementTests(h: ApiHarness): void {
  let app: FastifyInstance;
  beforeAll(() => {
    ({ app } = h);
  });

  describe('statements run for their effect (server/db/prepared.ts)', () => {
    const probe = (id: string) => sql`INSERT INTO statement_probe (id) VALUES (${id})`.getSQL();
    const present = async (id: string) =>
      (
        (await app.db.execute(
          sql`SELECT count(*)::int AS n FROM statement_probe WHERE id = ${id}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]?.n === 1;
    beforeAll(async () => {
      await app.db.execute(sql`CREATE TABLE IF NOT EXISTS statement_probe (id uuid PRIMARY KEY)`);
    });

    it('given a transaction open elsewhere, then a statement waits for it and is not rolled back with it', async () => {
      const [inside, outside] = [crypto.randomUUID(), crypto.randomUUID()];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const open = new Promise<void>((resolve) => (entered = resolve));
      const rolledBack = app.db
        .transaction(async (tx) => {
          await tx.execute(probe(inside));
          entered();
          await held;
          throw new Error('roll back');
        })
        .catch((err: Error) => err.message);
      await open;
      let ran = false;
      const statement = app.runStatement(probe(outside)).then(() => (ran = true));
      release();
      expect(await rolledBack).toBe('roll back');
      await statement;
      expect(ran).toBe(true);
      expect(await present(inside)).toBe(false);
      expect(await present(outside)).toBe(true);
    });

    it('given a statement that fails, then its error carries the database code, and the same statement runs again after', async () => {
      const id = crypto.randomUUID();
      await app.runStatement(probe(id));
      const failure = await app.runStatement(probe(id)).then(
        () => null,
        (err: { code?: string }) => err,
      );
      expect(failure?.code).toBe('23505'); // unique_violation
      const next = crypto.randomUUID();
      await app.runStatement(probe(next));
      expect(await present(next)).toBe(true);
    });
  });
}
