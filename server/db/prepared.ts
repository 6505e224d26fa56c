/**
 * A statement a request runs with new values each time (a submission's insert), parsed and planned
 * by the database once, then only bound and executed.
 *
 * Neither driver does this through drizzle: on PGlite each query is a Parse and a Describe, then a
 * Bind and an Execute (two passes through the WebAssembly database), and PostgreSQL parses and
 * plans each unnamed statement again. Measured on PGlite for the application's insert, interleaved:
 * 1.43 ms a statement as drizzle sends it, 0.80 ms as a prepared statement (bench machine, both
 * cores busy). So the statement is built by drizzle as ever, and sent here by name:
 * - PGlite: its protocol API (`execProtocol`, with the messages of `protocol.serialize`), under
 *   the same two locks as its own queries, so that no other query's messages come between and no
 *   open transaction takes them in. The Parse goes alone the first time, so that a later failure
 *   (a bad value) cannot leave a statement the cache does not know of.
 * - PostgreSQL: node-postgres's named statements (`{ name, text, values }`), which each connection
 *   of the pool prepares the first time it runs them.
 * At most MAX_STATEMENTS texts are kept; others run as ordinary queries. The result's rows are not
 * read: this is for statements run for their effect.
 */
import { protocol, type PGlite } from '@electric-sql/pglite';
import type { SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';

export type RunStatement = (query: SQLWrapper) => Promise<void>;

const MAX_STATEMENTS = 64;
const dialect = new PgDialect();

/** Statement names, one per text, while there is room. */
function namer(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (!name && names.size < MAX_STATEMENTS) {
      name = `spartan_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
}

/** A value in PostgreSQL's text format, as a Bind carries it (null stays SQL NULL). */
function textValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value);
}

export function pgliteStatements(client: PGlite): RunStatement {
  const nameOf = namer();
  const parsed = new Set<string>();
  return async (query) => {
    const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
    const name = nameOf(text);
    if (!name) {
      await client.query(text, params);
      return;
    }
    const { serialize } = protocol;
    // The two locks PGlite's own query() takes: its transaction lock (else these messages could
    // run inside another request's open transaction, and be rolled back with it), then its query
    // lock (declared in PGlite's typings; tests/api/db/prepared.suite.ts checks the first).
    await client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        if (!parsed.has(name)) {
          await client.execProtocol(
            Buffer.concat([serialize.parse({ name, text }), serialize.sync()]),
          );
          parsed.add(name);
        }
        await client.execProtocol(
          Buffer.concat([
            serialize.bind({ statement: name, values: params.map(textValue) }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
      }),
    );
  };
}

export function postgresStatements(pool: pg.Pool): RunStatement {
  const nameOf = namer();
  return async (query) => {
    const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
    const name = nameOf(text);
    await pool.query(name ? { name, text, values: params } : { text, values: params });
  };
}
