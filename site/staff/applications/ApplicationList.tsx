import '../../../widgets/text-input.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { navigate } from '../../navigation.ts';
import { authState } from '../../auth/store.ts';
import {
  PAGE_SIZE,
  fetchList,
  removeApplication,
  sameFilters,
  staffState,
  type Application,
  type ListFilters,
} from '../data/applications.ts';
import { DeleteDialog } from '../ConfirmDialog.tsx';
import { KINDS, type Kind } from '../kinds.ts';
import { useFocusAfterRemoval } from '../useFocusAfterRemoval.ts';
import { AppLink } from '../links.tsx';
import { listHref } from '../urls.ts';
import { ApplicationTable } from './ApplicationTable.tsx';
import { DeskTools } from './DeskTools.tsx';
import { FilterForm } from './FilterForm.tsx';
import { ListExports } from './ListExports.tsx';
import { ListPager } from './ListPager.tsx';
import { ListSearch } from './ListSearch.tsx';
import { EmptyList, ListStatus } from './ListStatus.tsx';
import { useListHeading } from './useListHeading.ts';
import { useLivePoll } from './useLivePoll.ts';
import { offeredPartners, usePartnerOrigins } from './usePartnerOrigins.ts';
import { BulkBar } from '../team/BulkBar.tsx';
import { useListTriage } from '../team/ListTriage.tsx';
import { ShortcutsHelp } from '../team/ShortcutsHelp.tsx';
import { LIST_KEYS } from '../team/shortcuts.ts';
import './desk.css';
import '../team/team.css';

export interface ApplicationListProps {
  kind: Kind;
  filters: ListFilters;
}

/** Goes to another view of the list, keeping focus where the person is (their control). */
const go = (href: string) => navigate(href, false, true);

/**
 * One kind's applications: the New ones by default, searchable, filtered by status, job role,
 * source, assignee and dates, newest or oldest first, paged by cursor; each openable, and
 * deletable by an admin; the view exported as CSV or as a zip of resumes. New ones show as they
 * come (useLivePoll). Rows are selected for the bulk bar, and walked with single-key shortcuts
 * (useListTriage).
 */
export function ApplicationList({ kind, filters }: ApplicationListProps) {
  const info = KINDS[kind];
  const snap = useSnapshot(staffState[kind]);
  const auth = useSnapshot(authState);
  const list = snap.list;
  const uid = useId();
  const [toDelete, setToDelete] = useState<Application | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(filters);
  // Delete and erase are for admins: shown once the session's role is known to be admin (after a
  // reload, when the session's first read answers), never to a reviewer in the meantime.
  const isAdmin = auth.user?.role === 'admin';

  // A deleted row is gone: focus goes to the name of the row that took its place, else of the one
  // before, else to the list's heading.
  const focusAfterDelete = useFocusAfterRemoval(
    list.data,
    tableRef,
    'tbody th a',
    () => titleRef.current,
  );
  useEffect(() => {
    void fetchList(kind, filters);
    // The filters are compared by value (a new object comes with each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, key]);

  const stale = !sameFilters(list.filters, filters);
  // The selection is of the rows shown for this view (none while another view's rows linger).
  const shownIds = stale ? [] : list.data.map((a) => a.id);
  const selection = useListTriage(shownIds, tableRef);
  const selectedIds = shownIds.filter((id) => selection.selected.has(id));
  const nameOf = (id: string) =>
    list.data.find((a) => a.id === id)?.fullname ?? `the application ${id}`;
  const bulkDone = useListHeading(titleRef, info.title, list);

  const [{ origins, complete: allOrigins }, loadOrigins] = usePartnerOrigins(kind);
  // A new application may come from a new partner: the Source filter offers it.
  const arrived = useLivePoll(kind, filters, () => void loadOrigins('background'));

  const partners = offeredPartners(
    filters.source,
    origins,
    list.data.map((a) => a.origin),
  );
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const filtered = (changes: Partial<ListFilters>) =>
    listHref(kind, { ...filters, ...changes, page: 1 });

  // The list as it is asked for now (the store keeps the newest request's filters), not as it
  // was when a delete or an erase began: the staff member may have paged or searched meanwhile,
  // and an answer for older filters is dropped as stale, leaving the list on "Loading…".
  const refetch = () => void fetchList(kind, staffState[kind].list.filters);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const index = list.data.findIndex((a) => a.id === toDelete.id);
    if (await removeApplication(kind, toDelete.id)) {
      setToDelete(null);
      focusAfterDelete.removing(toDelete.id, index);
      // The page may now be short: fetch it again so it fills up from the next.
      refetch();
    }
  };

  // Until this view's answer comes, what the list holds belongs to the last view: its field
  // errors are not this view's (`stale`, above).
  const fieldErrors = stale ? {} : list.fieldErrors;

  return (
    <section aria-labelledby={`${uid}-title`} className="staff-section">
      <h2 id={`${uid}-title`} ref={titleRef} tabIndex={-1} className="staff-section__title">
        {info.title}
      </h2>
      <ListSearch
        q={filters.q}
        error={fieldErrors.q}
        onSearch={(q) => go(filtered({ q, after: '', before: '' }))}
        onClear={() => go(filtered({ q: '' }))}
      />
      <FilterForm
        key={key}
        kind={kind}
        filters={filters}
        partners={partners}
        cutAt={allOrigins ? null : origins.length}
        fieldErrors={fieldErrors}
        onApply={(chosen) => go(filtered(chosen))}
        onReset={() => go(listHref(kind, { q: filters.q }))}
      />

      <ListStatus kind={kind} filters={filters} list={list} stale={stale} onRetry={refetch} />

      {arrived && (
        <p className="staff-live">
          New applications arrived.{' '}
          <AppLink href={listHref(kind, { ...filters, page: 1, sort: 'newest' })} ownFocus>
            Show the newest
          </AppLink>
        </p>
      )}

      <div className="staff-list-tools">
        <ListExports kind={kind} filters={filters} refused={Object.keys(fieldErrors).length > 0} />
        <ShortcutsHelp keys={LIST_KEYS} />
      </div>

      {list.data.length > 0 && (
        <BulkBar
          key={kind}
          kind={kind}
          selected={selectedIds}
          isAdmin={isAdmin}
          nameOf={nameOf}
          onDone={(done) => {
            selection.drop(done);
            bulkDone();
            refetch();
          }}
        />
      )}

      {list.data.length > 0 ? (
        <ApplicationTable
          kind={kind}
          filters={filters}
          rows={list.data}
          pages={pages}
          capped={list.capped}
          isAdmin={isAdmin}
          tableRef={tableRef}
          selection={selection}
          onDelete={setToDelete}
        />
      ) : (
        !list.loading &&
        !list.error && (
          <EmptyList filters={filters} total={list.total} capped={list.capped} pages={pages} />
        )
      )}

      <ListPager
        kind={kind}
        filters={filters}
        cursors={list}
        pages={pages}
        capped={list.capped}
        tableRef={tableRef}
      />

      <DeskTools isAdmin={isAdmin} onErased={refetch} />

      {toDelete && (
        <DeleteDialog
          kind={kind}
          item={toDelete}
          onConfirm={() => void confirmDelete()}
          onClose={() => setToDelete(null)}
        />
      )}
    </section>
  );
}
