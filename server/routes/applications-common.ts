/**
 * The staff side every application resource shares: the paged, searchable, newest-first
 * list with its total (filtered by source with `origin`), the detail by id and the delete answering `{id}`, all staff-only.
 * Each resource names its paths, table, item schema, row query and serialiser.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.ts';
import type { Sessions } from '../auth.ts';
import type { Db } from '../db/index.ts';
import { ERR_NOT_FOUND } from '../errors.ts';
import {
  applicationId,
  countRows,
  deletedResponse,
  detailResponse,
  errorResponses,
  idParams,
  listQuery,
  listResponse,
  originWhere,
  paging,
  searchWhere,
  type ListQuery,
} from './common.ts';

type ApplicationTable = PgTable & {
  id: PgColumn;
  createdAt: PgColumn;
  fullname: PgColumn;
  email: PgColumn;
  origin: PgColumn;
};

export interface ApplicationResource<Q extends PgSelect> {
  db: Db;
  sessions: Sessions;
  table: ApplicationTable;
  tableName: 'spartan_applications' | 'investor_applications';
  /** JSON schema of one serialised application. */
  item: object;
  /** The rows as the serialiser reads them (columns, joins), as a dynamic query. */
  rows: () => Q;
  present: (row: Awaited<Q>[number]) => object;
  /** Deletes one application with its files (deleteApplications); false if there was none. */
  remove: (id: string) => Promise<boolean>;
  paths: { list: string; detail: string; delete: string };
}

export function applicationStaffRoutes<Q extends PgSelect>(
  app: FastifyInstance,
  resource: ApplicationResource<Q>,
) {
  const { db, sessions, table, tableName, item, rows, present, remove, paths } = resource;

  app.get<{ Querystring: ListQuery }>(
    paths.list,
    {
      preHandler: sessions.requireStaff,
      schema: {
        querystring: listQuery,
        response: { 200: listResponse(item), ...errorResponses },
      },
    },
    async (request) => {
      const { page, pageSize, offset, q, origin } = paging(request.query);
      const where = and(searchWhere(table, q), originWhere(table, origin));
      const total = await countRows(db, table, tableName, where);
      const found: Awaited<Q> = await rows()
        .where(where)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(pageSize)
        .offset(offset);
      await audit(request, q ? 'application.search' : 'application.list', null, {
        kind: tableName,
        page,
      });
      return { data: found.map(present), total, page, page_size: pageSize };
    },
  );

  app.get<{ Params: { id: string } }>(
    paths.detail,
    {
      preHandler: sessions.requireStaff,
      schema: {
        params: idParams,
        response: { 200: detailResponse(item), ...errorResponses },
      },
    },
    async (request) => {
      const id = applicationId(request.params.id);
      const [row]: Awaited<Q> = await rows().where(eq(table.id, id)).limit(1);
      if (!row) throw ERR_NOT_FOUND();
      await audit(request, 'application.view', { type: tableName, id });
      return { data: present(row) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    paths.delete,
    {
      preHandler: sessions.requireAdmin,
      schema: { params: idParams, response: { 200: deletedResponse, ...errorResponses } },
    },
    async (request) => {
      const id = applicationId(request.params.id);
      if (!(await remove(id))) throw ERR_NOT_FOUND();
      await audit(request, 'application.delete', { type: tableName, id });
      return { id };
    },
  );
}
