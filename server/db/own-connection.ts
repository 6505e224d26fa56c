import type pg from 'pg';

/**
 * Runs `body` on a PostgreSQL connection of its own, checked out of `pool` and given back when
 * `body` is done. When anything failed the connection is destroyed instead: it may have dropped,
 * or be left mid-transaction, and either would spoil the next request the pool lent it to.
 */
export async function onOwnConnection<T>(
  pool: pg.Pool,
  body: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    return await body(client);
  } catch (err) {
    failed = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(failed);
  }
}
