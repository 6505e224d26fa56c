/**
 * Reading a stored resume for the zip export: the one place the desk touches resume bytes, so
 * a change of where they live changes only this function.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { spartanResumes } from '../db/schema.ts';

export async function openResume(db: Db, applicationId: string): Promise<Readable | null> {
  const [file] = await db
    .select({ data: spartanResumes.data })
    .from(spartanResumes)
    .where(eq(spartanResumes.applicationId, applicationId))
    .limit(1);
  return file ? Readable.from([file.data]) : null;
}
