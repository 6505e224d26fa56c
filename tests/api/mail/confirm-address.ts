/**
 * A staff member's new address for new-application mail gets nothing but a confirmation link
 * until that link is opened: tests that want notices open it as its owner would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestSmtp } from '../smtp.ts';

/** The subject of that mail (server/mail/messages.ts). */
export const CONFIRMATION_SUBJECT = /^Subject: Confirm your new-application mail/m;

const linkIn = (mail: string) =>
  /#confirm-mail=([\w-]{43})/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];

/**
 * Finds the link mailed to `address` (received over SMTP, in DATA_DIR/outbox, or still queued),
 * and opens it as `token`'s staff member.
 */
export async function confirmAddress(
  on: FastifyInstance,
  call: (opts: InjectOptions) => Promise<LightMyRequestResponse>,
  address: string,
  where: { smtp?: TestSmtp | undefined; dataDir?: string } = {},
): Promise<void> {
  const find = async () => {
    const received = (where.smtp?.received ?? [])
      .filter((m) => m.to.includes(address))
      .map((m) => m.raw);
    const outbox = where.dataDir ? path.join(where.dataDir, 'outbox') : '';
    const filed = outbox && fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    const files = filed
      .filter((name) => name.endsWith('.eml'))
      .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
      .filter((text) => text.includes(`To: ${address}`));
    const queued = (
      (await on.db.execute(
        sql`SELECT body FROM mail_queue WHERE purpose = 'address' AND to_address = ${address}`,
      )) as unknown as { rows: Array<{ body: string }> }
    ).rows.map((r) => r.body);
    return [...received, ...files, ...queued].map(linkIn).findLast(Boolean);
  };
  let link: string | undefined;
  await expect.poll(async () => (link = await find()), { timeout: 15_000 }).toBeDefined();
  const res = await call({
    method: 'POST',
    url: '/api/staff/notifications/confirm/',
    payload: { token: link },
  });
  expect(res.statusCode, res.body).toBe(200);
}
