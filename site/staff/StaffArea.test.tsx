import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupUser } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import * as shared from '../../widgets/shared.ts';
import { deferred, fakeClientPerTest, httpError, spyPerTest } from '../../tests/http-fakes.ts';
import * as navigation from '../navigation.ts';
import { authState, loginFulfilled } from '../auth/store.ts';
import { fetchList, resetStaffState, staffState } from './data/applications.ts';
import { StaffPage } from './StaffPage.tsx';
import { AUDIT_EVENT_GROUPS } from '../../schemas/audit-events.ts';
import type { SpartanApplicationView } from '../../schemas/applications.ts';
import { ASSIGNEES_PATH, type BulkAnswer, type BulkBody } from '../../schemas/team-desk.ts';
import { setShortcutsOn } from './team/shortcuts.ts';

const XSS = '<img src=x onerror="window.__pwned=1">';
/** A Spartan application as the list and detail answer it (status and assignee as the server's). */
const row = (i: number, extra: Partial<SpartanApplicationView> = {}): SpartanApplicationView => ({
  id: `id-${i}`,
  created_at: '2026-11-20T10:00:00.000Z',
  job_title: 'Data Engineer',
  fullname: `Applicant ${i}`,
  date_of_birth: '1990-01-01',
  location: 'Austin',
  gender: 'Other',
  email: `a${i}@example.com`,
  phone: '555 0100',
  resume: { filename: `cv-${i}.pdf`, content_type: 'application/pdf', size: 2048, url: '/x' },
  origin: null,
  status: 'new',
  assignee: null,
  ...extra,
});

const client = fakeClientPerTest(shared);
spyPerTest(navigation, 'navigate');
beforeEach(() => {
  resetStaffState();
  loginFulfilled(authState, {
    access: 'tok-staff',
    user: { id: 'u', username: 'ada', role: 'admin', name: 'Ada Admin' },
  });
  history.replaceState(null, '', '/staff');
});
afterEach(() => {
  authState.token = null;
  authState.isAuthenticated = false;
});

const CURSOR = '1732500000000_00000000-0000-4000-8000-000000000001';

/** The staff one may assign to (GET /api/staff/assignees/). */
const STAFF = [
  { username: 'ada', name: 'Ada Admin' },
  { username: 'rex', name: 'Rex Reviewer' },
];

function listAnswer(data: unknown[], total = data.length) {
  client.request.mockImplementation(({ method, url }: { method: string; url: string }) =>
    url === ASSIGNEES_PATH
      ? Promise.resolve({ data: { data: STAFF } })
      : method === 'get'
        ? Promise.resolve({
            data: {
              data,
              total,
              total_capped: false,
              page: 1,
              page_size: 10,
              next_cursor: total > data.length ? CURSOR : null,
              prev_cursor: null,
            },
          })
        : Promise.resolve({ data: { id: 'id-1' } }),
  );
}

/** Lists row 1, and holds each call that `held` picks until the test gives the answer. */
function holdCalls<T>(held: (config: { method: string; url: string }) => boolean) {
  const answer = deferred<T>();
  listAnswer([row(1)]);
  const listed = client.request.getMockImplementation()!;
  client.request.mockImplementation((config: { method: string; url: string }) =>
    held(config) ? answer.promise : listed(config),
  );
  return answer;
}

describe('staff area', () => {
  it('given no session, then the guard sends the visitor to the login with next, and shows nothing protected', async () => {
    authState.token = null;
    authState.isAuthenticated = false;
    sessionStorage.clear();
    history.replaceState(null, '', '/staff?list=investors&page=2');
    render(<StaffPage url="/staff?list=investors&page=2" />);
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith(
        '/security-login?next=%2Fstaff%3Flist%3Dinvestors%26page%3D2',
        true,
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Applications' })).toBeNull();
    expect(client.request).not.toHaveBeenCalled();
  });

  it('given applications from a partner page and from our site, then the Source column names each, and choosing a source filters by it in the URL and the call', async () => {
    const user = setupUser();
    const partner = 'https://partner.example';
    listAnswer([row(1, { origin: partner }), row(2, { origin: null })], 2);
    render(<StaffPage url="/staff" />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText(partner)).toBeInTheDocument();
    expect(within(table).getByText('Our site')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Source'), partner);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(navigation.navigate).toHaveBeenCalledWith(
      `/staff?source=${encodeURIComponent(partner)}`,
      false,
      true,
    );

    listAnswer([row(1, { origin: partner })], 1);
    cleanup();
    render(<StaffPage url={`/staff?source=${encodeURIComponent(partner)}`} />);
    await screen.findByRole('table');
    expect(client.request).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/api/spartan_join/applications/',
        params: { status: 'new', page: 1, page_size: 10, origin: partner },
      }),
    );
    expect(screen.getByLabelText('Source')).toHaveValue(partner);
  });

  it('given more partners than the server lists, then Another partner takes a typed origin, which wins over Source; with every partner listed it is not there', async () => {
    const user = setupUser();
    const listed = ['https://a.example', 'https://b.example'] as const;
    const answer = (complete: boolean) => {
      listAnswer([row(1, { origin: null })], 1);
      const list = client.request.getMockImplementation()!;
      client.request.mockImplementation((config: { url: string }) =>
        config.url.endsWith('/origins/')
          ? Promise.resolve({ data: { origins: listed, complete } })
          : list(config),
      );
    };
    answer(true);
    render(<StaffPage url="/staff" />);
    await screen.findByRole('table');
    await screen.findByRole('option', { name: listed[1] });
    expect(screen.queryByLabelText('Another partner')).toBeNull();

    cleanup();
    answer(false);
    const { container } = render(<StaffPage url="/staff" />);
    const other = await screen.findByLabelText('Another partner');
    expect(other).toHaveAccessibleDescription(
      'Source lists the first 2 partners only. For another, type its address, such as https://partner.example: it replaces the choice in Source.',
    );
    await user.selectOptions(screen.getByLabelText('Source'), listed[0]);
    // An address copied whole is cut to its origin, which is what applications record.
    await user.type(other, ' https://z-unlisted.example/careers?from=mail ');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith(
      `/staff?source=${encodeURIComponent('https://z-unlisted.example')}`,
      false,
      true,
    );
    await expectNoAxeViolations(container);
  });

  it('lists Spartan applications newest first with the bearer token, and a stored script payload is shown as text', async () => {
    listAnswer([row(1, { fullname: XSS }), row(2)], 12);
    const { container } = render(<StaffPage url="/staff" />);
    expect(await screen.findByRole('link', { name: XSS })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(client.request).toHaveBeenCalledWith({
      method: 'get',
      url: '/api/spartan_join/applications/',
      params: { status: 'new', page: 1, page_size: 10 },
      headers: { Authorization: 'Bearer tok-staff' },
    });
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      '', // Its checkbox's name: "Select all on this page".
      'Name',
      'Email',
      'Job role',
      'Status',
      'Source',
      'Assigned to',
      'Submitted',
      'Actions',
    ]);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      `/staff?page=2&after=${CURSOR}`,
    );
    expect(screen.getByText('Signed in as')).toHaveTextContent('Signed in as Ada Admin');
    await expectNoAxeViolations(container);
  });

  it('given an address past the last page, then it says so, with the real page count', async () => {
    listAnswer([], 23);
    render(<StaffPage url="/staff?page=5" />);
    expect(
      await screen.findByText('This view has 23 applications: page 5 is past its last.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Page 5 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeInTheDocument();
  });

  it('given a reviewer at the address of an admin section, then only the refusal shows', async () => {
    loginFulfilled(authState, {
      access: 'tok-staff',
      user: { id: 'r', username: 'rev', role: 'reviewer', name: 'Rev' },
    });
    render(<StaffPage url="/staff?section=staff" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role does not allow this: Staff accounts are for admins.',
    );
    expect(document.querySelector('form')).toBeNull();
    expect(client.request).not.toHaveBeenCalled();
  });

  it('when searching, then it goes to the list URL with q, and that URL queries the server with q', async () => {
    const user = setupUser();
    listAnswer([row(1)]);
    const { unmount } = render(<StaffPage url="/staff?list=investors" />);
    await screen.findByRole('heading', { name: 'Investor applications', level: 2 });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by name or email' }),
      ' ada@example.com ',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(navigation.navigate).toHaveBeenCalledWith(
      '/staff?list=investors&q=ada%40example.com',
      false,
      true,
    );
    unmount();
    render(<StaffPage url="/staff?list=investors&q=ada%40example.com&page=3" />);
    await waitFor(() =>
      expect(client.request).toHaveBeenCalledWith(
        expect.objectContaining({
          url: '/api/investors/get_investor_applications/',
          params: { status: 'new', page: 3, page_size: 10, q: 'ada@example.com' },
        }),
      ),
    );
    expect(screen.getByRole('searchbox')).toHaveValue('ada@example.com');
  });

  it('when deleting, then an accessible dialog confirms, Escape cancels with focus back, and confirming removes the item', async () => {
    const user = setupUser();
    listAnswer([row(1), row(2)]);
    const { container } = render(<StaffPage url="/staff" />);
    const deleteButton = await screen.findByRole('button', {
      name: 'Delete the application of Applicant 1',
    });
    await user.click(deleteButton);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this application?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoAxeViolations(container);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deleteButton).toHaveFocus();

    await user.click(deleteButton);
    // The list answers without the deleted one from now on.
    listAnswer([row(2)]);
    await user.click(screen.getByRole('button', { name: 'Delete application' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(client.request).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'delete', url: '/api/application/id-1/delete/' }),
    );
    expect(screen.queryByText('Applicant 1')).toBeNull();
    // Focus goes to the row that took the deleted one's place, and the deletion is announced.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Applicant 2' })).toHaveFocus());
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
        'Application deleted',
      ),
    );
  });

  it('given the application deleted by a colleague first (404), then the dialog closes, the row goes, and it says so', async () => {
    const user = setupUser();
    listAnswer([row(1), row(2)]);
    render(<StaffPage url="/staff" />);
    await user.click(
      await screen.findByRole('button', { name: 'Delete the application of Applicant 1' }),
    );
    listAnswer([row(2)]);
    client.request.mockRejectedValueOnce(httpError(404, { detail: 'Not found' }));
    await user.click(screen.getByRole('button', { name: 'Delete application' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByText('Applicant 1')).toBeNull();
    expect(screen.queryByText('Not found')).toBeNull();
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
        'This application had already been deleted',
      ),
    );
  });

  it('when a delete fails, then the dialog shows the server message or "Delete Spartan Application failed"', async () => {
    const user = setupUser();
    listAnswer([row(1)]);
    render(<StaffPage url="/staff" />);
    await user.click(await screen.findByRole('button', { name: /Delete the application/ }));
    client.request.mockRejectedValueOnce(httpError(500));
    await user.click(screen.getByRole('button', { name: 'Delete application' }));
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent(
      'Delete Spartan Application failed',
    );
    expect(screen.getByRole('link', { name: 'Applicant 1' })).toBeInTheDocument();
  });

  it('given the live refresh (a background call), then the list and its count stay while it runs, and a failed one says nothing', async () => {
    listAnswer([row(1)]);
    render(<StaffPage url="/staff" />);
    expect(await screen.findByRole('link', { name: 'Applicant 1' })).toBeInTheDocument();
    const count = screen.getByText('1 application (New).');
    // Every call from now on waits (the page's own polls too), until failed below.
    const waiting: Array<(error: unknown) => void> = [];
    client.request.mockImplementation(
      () => new Promise((_resolve, reject) => waiting.push(reject)),
    );
    let refresh: Promise<void> = Promise.resolve();
    act(() => {
      refresh = fetchList('spartan', staffState.spartan.list.filters, 'background');
    });
    // The refresh's call is out (it leaves after the HTTP client has loaded).
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    expect(count).toHaveTextContent('1 application (New).');
    expect(screen.queryByText('Loading applications…')).toBeNull();
    await act(async () => {
      for (const reject of waiting) reject(httpError(503));
      await refresh;
    });
    expect(count).toHaveTextContent('1 application (New).');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Applicant 1' })).toBeInTheDocument();
  });

  it.each([
    ['/staff', undefined, 'Get Spartan Applications failed'],
    ['/staff?list=investors', undefined, 'Get Investor Applications failed'],
    ['/staff', { detail: 'Database unavailable' }, 'Database unavailable'],
  ])('when the list of %s fails with %j, then "%s" shows', async (url, body, message) => {
    client.request.mockRejectedValue(httpError(503, body));
    const { container } = render(<StaffPage url={url} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await expectNoAxeViolations(container);
  });

  it('given a list shown, when the next view fails to load, then none of the old rows stay under the message, and Try again loads it', async () => {
    const user = setupUser();
    listAnswer([row(1)]);
    const { rerender } = render(<StaffPage url="/staff" />);
    expect(await screen.findByRole('link', { name: 'Applicant 1' })).toBeInTheDocument();
    client.request.mockRejectedValue(httpError(503));
    // A search: the page's address changes, and it asks for that view.
    rerender(<StaffPage url="/staff?q=zo%C3%AB" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Get Spartan Applications failed');
    expect(screen.queryByRole('link', { name: 'Applicant 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete the application/ })).toBeNull();
    listAnswer([row(7)]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Applicant 7' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the API answers 401, then the session ends and the login comes with next', async () => {
    client.request.mockRejectedValue(httpError(401, { detail: 'Not authenticated' }));
    render(<StaffPage url="/staff" />);
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/security-login?next=%2Fstaff', true),
    );
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(authState.isAuthenticated).toBe(false);
  });

  it('opens a detail with every field as text, and downloads the resume with the token through an object URL', async () => {
    const user = setupUser();
    const item = row(7, { location: XSS });
    const blob = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    client.request.mockImplementation((config: { responseType?: string }) =>
      Promise.resolve({ data: config.responseType === 'blob' ? blob : { data: item } }),
    );
    const createObjectURL = vi.fn(() => 'blob:resume');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    const { container } = render(<StaffPage url="/staff?id=id-7" />);
    const heading = await screen.findByRole('heading', { name: 'Applicant 7', level: 2 });
    // Focus on the applicant's name, and the title names them.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Applicant 7 · Spartan applications · The Spartans');
    expect(client.request).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/spartan_join/application/id-7/' }),
    );
    const terms = [...container.querySelectorAll('dt')].map((d) => d.textContent);
    expect(terms).toEqual([
      'Application ID',
      'Submitted',
      'Job role',
      'Full Name',
      'Date of Birth',
      'Location',
      'Gender',
      'Email',
      'Phone Number',
      'Source',
      'Resume',
    ]);
    expect(screen.getByText(XSS)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('cv-7.pdf (2 KB)')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Download resume' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:resume', download: 'cv-7.pdf' }]));
    expect(client.request).toHaveBeenCalledWith({
      method: 'get',
      url: '/api/spartan_join/application/id-7/resume/',
      params: undefined,
      responseType: 'blob',
      headers: { Authorization: 'Bearer tok-staff', Accept: '*/*' },
    });
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    click.mockRestore();
  });

  it('given one application opened and another before it came, then the later one shows its own notes only', async () => {
    const first = deferred<{ data: { data: unknown } }>();
    const note = (id: string) => ({
      id: 1,
      at: '2026-11-20T10:00:00.000Z',
      author: 'ada',
      body: `Note on ${id}`,
    });
    client.request.mockImplementation((config: { url: string }) => {
      const [, id, what] = /(id-\d+)\/(activity\/)?$/.exec(config.url) ?? [];
      if (what) return Promise.resolve({ data: { notes: [note(id!)], history: [] } });
      if (id === 'id-1') return first.promise;
      return Promise.resolve({ data: { data: row(2) } });
    });
    const { rerender } = render(<StaffPage url="/staff?id=id-1" />);
    rerender(<StaffPage url="/staff?id=id-2" />);
    await screen.findByRole('heading', { name: 'Applicant 2', level: 2 });
    await screen.findByText('Note on id-2');
    await act(async () => first.resolve({ data: { data: row(1) } }));
    expect(screen.getByRole('heading', { name: 'Applicant 2', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Note on id-2')).toBeInTheDocument();
    expect(screen.queryByText('Note on id-1')).toBeNull();
    expect(client.request).not.toHaveBeenCalledWith(
      expect.objectContaining({ url: expect.stringContaining('id-1/activity') as unknown }),
    );
  });

  it('given a colleague changed the status since it was shown, when setting it, then the change carries the status seen, and on the 409 the current status shows with why', async () => {
    const user = setupUser();
    const change = {
      id: 9,
      at: '2026-11-20T11:00:00.000Z',
      actor: 'Grace',
      from: 'in_review',
      to: 'shortlisted',
    };
    client.request.mockImplementation((config: { method: string; url: string }) => {
      if (config.method === 'put') return Promise.reject(httpError(409, { detail: 'changed' }));
      if (config.url.endsWith('/activity/')) {
        // Before the change: no history; once refused, the colleague's change and its status.
        const refused = client.request.mock.calls.some(([c]) => c.method === 'put');
        return Promise.resolve({
          data: refused
            ? { status: 'shortlisted', notes: [], history: [change] }
            : { status: 'in_review', notes: [], history: [] },
        });
      }
      return Promise.resolve({ data: { data: row(1, { status: 'in_review' }) } });
    });
    const { container } = render(<StaffPage url="/staff?id=id-1" />);
    await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
    await user.selectOptions(screen.getByLabelText('Review status'), 'rejected');
    await user.click(screen.getByRole('button', { name: 'Set status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A colleague changed the status to Shortlisted meanwhile, so yours was not saved. The current status is shown: set it again if it should still change.',
    );
    expect(client.request).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'put',
        url: '/api/staff/applications/spartan/id-1/status/',
        data: { status: 'rejected', from: 'in_review' },
      }),
    );
    expect(screen.getByLabelText('Review status')).toHaveValue('shortlisted');
    expect(container.querySelector('.staff-timeline li')).toHaveTextContent(
      /^Shortlisted \(was In review\)Grace, /,
    );
    expect(staffState.announcement).toBe('');
    await expectNoAxeViolations(container);
  });

  it.each(['Set status', 'Add note'] as const)(
    'given the open application deleted by a colleague, when %s meets a 404, then it says it had already been deleted, and focus is on the way back to the list',
    async (button) => {
      const method = button === 'Set status' ? 'put' : 'post';
      const user = setupUser();
      client.request.mockImplementation((config: { method: string; url: string }) => {
        if (config.method === method)
          return Promise.reject(httpError(404, { detail: 'Not found' }));
        if (config.url.endsWith('/activity/')) {
          return Promise.resolve({ data: { status: 'in_review', notes: [], history: [] } });
        }
        return Promise.resolve({ data: { data: row(1, { status: 'in_review' }) } });
      });
      const { container } = render(<StaffPage url="/staff?id=id-1" />);
      await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
      await user.type(screen.getByLabelText('Add a note for colleagues'), 'Call back');
      await user.click(screen.getByRole('button', { name: button }));
      await waitFor(() =>
        expect(
          screen.getAllByRole('link', { name: 'Back to Spartan applications' })[1],
        ).toHaveFocus(),
      );
      const back = document.activeElement!;
      expect(back).toHaveAccessibleDescription('This application had already been deleted');
      expect(back).toHaveAttribute('href', '/staff');
      expect(screen.queryByText('Not found')).toBeNull();
      // Said once: by the link's description, not by an alert too.
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button', { name: button })).toBeNull();
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Application');
      await expectNoAxeViolations(container);
    },
  );

  it('given a half-written note when the session ends, then after logging in again it is back in the box, and it goes once the note is saved', async () => {
    const user = setupUser();
    const answer = (config: { method: string; url: string }) => {
      if (config.method === 'post') return Promise.reject(httpError(401));
      if (config.url.endsWith('/activity/')) {
        return Promise.resolve({ data: { status: 'in_review', notes: [], history: [] } });
      }
      return Promise.resolve({ data: { data: row(1, { status: 'in_review' }) } });
    };
    client.request.mockImplementation(answer);
    history.replaceState(null, '', '/staff?id=id-1');
    render(<StaffPage url="/staff?id=id-1" />);
    await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
    await user.type(screen.getByLabelText('Add a note for colleagues'), 'Half a thought');
    // The session has ended: the save meets a 401, and the login takes the page's place.
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith(
        '/security-login?next=%2Fstaff%3Fid%3Did-1',
        true,
      ),
    );
    cleanup();
    loginFulfilled(authState, {
      access: 'tok-again',
      user: { id: 'u', username: 'ada', role: 'admin', name: 'Ada Admin' },
    });
    const note = { id: 3, at: '2026-11-20T12:00:00.000Z', author: 'Ada', body: 'Half a thought' };
    client.request.mockImplementation((config: { method: string; url: string }) =>
      config.method === 'post' ? Promise.resolve({ data: { data: note } }) : answer(config),
    );
    render(<StaffPage url="/staff?id=id-1" />);
    await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
    expect(screen.getByLabelText('Add a note for colleagues')).toHaveValue('Half a thought');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await screen.findByText('Half a thought', { selector: '.staff-note__body' });
    expect(screen.getByLabelText('Add a note for colleagues')).toHaveValue('');
    cleanup();
    render(<StaffPage url="/staff?id=id-1" />);
    await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
    expect(screen.getByLabelText('Add a note for colleagues')).toHaveValue('');
  });

  it('given a note still saving when another application is opened, then its answer leaves that one’s box and draft alone', async () => {
    const user = setupUser();
    const saving = deferred<{ data: { data: object } }>();
    client.request.mockImplementation((config: { method: string; url: string }) => {
      if (config.method === 'post') return saving.promise;
      if (config.url.endsWith('/activity/')) {
        return Promise.resolve({ data: { status: 'new', notes: [], history: [] } });
      }
      return Promise.resolve({ data: { data: row(config.url.includes('id-2') ? 2 : 1) } });
    });
    const { rerender } = render(<StaffPage url="/staff?id=id-1" />);
    await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
    await user.type(screen.getByLabelText('Add a note for colleagues'), 'About the first');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    rerender(<StaffPage url="/staff?id=id-2" />);
    await screen.findByRole('heading', { name: 'Applicant 2', level: 2 });
    // The second application's box: its own, not saving.
    expect(screen.getByRole('button', { name: 'Add note' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Add a note for colleagues'), 'About the second');
    const note = { id: 9, at: '2026-11-20T12:00:00.000Z', author: 'Ada', body: 'About the first' };
    await act(async () => saving.resolve({ data: { data: note } }));
    expect(screen.getByLabelText('Add a note for colleagues')).toHaveValue('About the second');
    // The first one's draft went with its saved note; the second's is kept.
    rerender(<StaffPage url="/staff?id=id-1" />);
    await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
    expect(screen.getByLabelText('Add a note for colleagues')).toHaveValue('');
    rerender(<StaffPage url="/staff?id=id-2" />);
    await screen.findByRole('heading', { name: 'Applicant 2', level: 2 });
    expect(screen.getByLabelText('Add a note for colleagues')).toHaveValue('About the second');
  });

  it('given a half-written note, when logging out, then it is not kept for whoever logs in next in the tab', async () => {
    const user = setupUser();
    client.request.mockResolvedValue({ data: { data: row(1) } });
    client.post.mockResolvedValue({ data: { detail: 'Logged out' } });
    render(<StaffPage url="/staff?id=id-1" />);
    await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
    await user.type(screen.getByLabelText('Add a note for colleagues'), 'Private thought');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/security-login', true));
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('Private thought');
  });

  it('given the audit trail, then its Event filter offers every event the server records, the desk’s among them', async () => {
    client.request.mockResolvedValue({ data: { data: [], total: 0, page: 1, page_size: 25 } });
    render(<StaffPage url="/staff?section=audit" />);
    const filter = await screen.findByRole('combobox', { name: 'Event' });
    const offered = within(filter)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    for (const event of AUDIT_EVENT_GROUPS.flatMap((group) => group.events)) {
      expect(offered).toContain(event);
    }
    // What the desk records: status changes, notes, exports, erasures, mail choices.
    for (const event of [
      'application.status',
      'application.note',
      'application.export_csv',
      'application.export_resumes',
      'applicant.erase',
      'staff.notifications',
      'password.change_failed',
    ]) {
      expect(offered).toContain(event);
    }
  });

  it('given an application opened from a searched and filtered list, when the page reloads, then Back still goes to that list', async () => {
    const user = setupUser();
    listAnswer([row(1)]);
    render(<StaffPage url="/staff?q=ada&status=all&sort=oldest" />);
    await user.click(await screen.findByRole('link', { name: 'Applicant 1' }));
    const opened = '/staff?id=id-1&q=ada&status=all&sort=oldest';
    expect(navigation.navigate).toHaveBeenCalledWith(opened, false, true);
    // The reload: nothing of the list is left in memory, only the address.
    cleanup();
    resetStaffState();
    client.request.mockResolvedValue({ data: { data: row(1) } });
    render(<StaffPage url={opened} />);
    await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
    expect(screen.getByRole('link', { name: 'Back to Spartan applications' })).toHaveAttribute(
      'href',
      '/staff?q=ada&status=all&sort=oldest',
    );
  });

  it('given a reload, while the session’s role is not known yet, then no admin control shows; once it is known as admin, they do', async () => {
    // After a reload: the token only; the role comes with the session's first read.
    authState.user = null;
    listAnswer([row(1)]);
    const { unmount } = render(<StaffPage url="/staff" />);
    await screen.findByRole('link', { name: 'Applicant 1' });
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByText('Erase an applicant’s data')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Staff accounts' })).toBeNull();
    act(() => {
      authState.user = { id: 'u', username: 'ada', role: 'admin', name: 'Ada Admin' };
    });
    expect(
      await screen.findByRole('button', { name: 'Delete the application of Applicant 1' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Erase an applicant’s data')).toBeInTheDocument();
    unmount();

    authState.user = null;
    client.request.mockResolvedValue({ data: { data: row(1, { status: 'in_review' }) } });
    const detail = render(<StaffPage url="/staff?id=id-1" />);
    await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
    expect(screen.queryByRole('button', { name: 'Delete application' })).toBeNull();
    detail.unmount();

    // An admin section waits for the role, showing none of its forms meanwhile.
    render(<StaffPage url="/staff?section=staff" />);
    expect(await screen.findByText('Checking your role…')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('given an erasure asked for by keyboard, then focus moves into the named confirmation and back, and the result is said once', async () => {
    const user = setupUser();
    const erased = holdCalls<{ data: { spartan: number; investor: number } }>((config) =>
      config.url.endsWith('/erase/'),
    );
    const { container } = render(<StaffPage url="/staff" />);
    await screen.findByRole('link', { name: 'Applicant 1' });
    await user.click(screen.getByText('Erase an applicant’s data'));
    await user.type(screen.getByLabelText('Applicant’s email'), 'a1@example.com{Enter}');
    const confirmation = screen.getByRole('group', {
      name: 'Erase every application of a1@example.com? This cannot be undone.',
    });
    expect(within(confirmation).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoAxeViolations(container);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Erase…' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    // While the call runs, focus stays on the button, which says so.
    expect(screen.getByRole('button', { name: 'Erasing…' })).toHaveFocus();
    await act(async () => erased.resolve({ data: { spartan: 1, investor: 0 } }));
    expect(screen.getByRole('button', { name: 'Erase…' })).toHaveFocus();
    await act(async () => undefined);
    const said = 'Erased 1 application (1 Spartan, 0 investor).';
    const regions = [...container.querySelectorAll('[role="status"], [role="alert"]')];
    expect(regions.filter((region) => region.textContent?.includes(said))).toHaveLength(1);
  });

  it('given an erase that ends after the staff member searched, then the list is fetched again for the search, not for the list before it', async () => {
    const user = setupUser();
    const erased = holdCalls<{ data: { spartan: number; investor: number } }>((config) =>
      config.url.endsWith('/erase/'),
    );
    /** The list reads so far (paged calls), by their search. */
    const listReads = () =>
      client.request.mock.calls
        .map(([config]) => (config as { params?: { q?: string; page?: number } }).params)
        .filter((params) => params?.page !== undefined)
        .map((params) => params!.q ?? '');
    const { rerender } = render(<StaffPage url="/staff" />);
    await screen.findByRole('link', { name: 'Applicant 1' });
    await user.click(screen.getByText('Erase an applicant’s data'));
    await user.type(screen.getByLabelText('Applicant’s email'), 'a1@example.com{Enter}');
    await user.click(
      screen.getByRole('button', { name: 'Erase every application of a1@example.com' }),
    );
    rerender(<StaffPage url="/staff?q=austin" />);
    await waitFor(() => expect(listReads().at(-1)).toBe('austin'));
    const before = listReads().length;
    await act(async () => erased.resolve({ data: { spartan: 1, investor: 0 } }));
    await waitFor(() => expect(listReads().length).toBe(before + 1));
    expect(listReads().at(-1)).toBe('austin');
    await waitFor(() => expect(screen.queryByText('Loading applications…')).toBeNull());
  });

  it('when a detail fails, then "Get Investor Application by ID failed" shows, and focus is on its heading', async () => {
    client.request.mockRejectedValue(httpError(404));
    render(<StaffPage url="/staff?list=investors&id=nope" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Get Investor Application by ID failed',
    );
    // The link that opened it is gone: focus must not fall back to the page.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Application' })).toHaveFocus(),
    );
  });

  it('when logging out, then the server logout is called with the token, state is cleared and the login shows', async () => {
    const user = setupUser();
    listAnswer([row(1)]);
    client.post.mockResolvedValue({ data: { detail: 'Logged out' } });
    render(<StaffPage url="/staff" />);
    await screen.findByRole('link', { name: 'Applicant 1' });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/security-login', true));
    expect(client.post).toHaveBeenCalledWith(
      '/api/security-logout/',
      {},
      {
        headers: { Authorization: 'Bearer tok-staff' },
      },
    );
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(authState).toMatchObject({ token: null, user: null, isAuthenticated: false });
    await act(async () => undefined);
  });

  it('given an assignment the server refuses (400), then it says why beside the control, and the history names assignments', async () => {
    const user = setupUser();
    const history = [
      {
        id: 2,
        at: '2026-11-20T12:00:00.000Z',
        actor: 'Ada',
        event: 'assign',
        from: 'Rita',
        to: null,
      },
      {
        id: 1,
        at: '2026-11-20T11:00:00.000Z',
        actor: 'Ada',
        event: 'assign',
        from: null,
        to: 'Rita',
      },
    ];
    client.request.mockImplementation((config: { method: string; url: string }) => {
      if (config.method === 'put' && config.url.endsWith('/assignee/')) {
        return Promise.reject(
          httpError(400, {
            detail: 'Invalid form',
            code: 'SPARTAN_ERR_INVALID_FORM',
            errors: { assignee: 'No staff member has that username' },
          }),
        );
      }
      if (config.url.endsWith('/activity/')) {
        return Promise.resolve({ data: { status: 'in_review', notes: [], history } });
      }
      return Promise.resolve({
        data: {
          data: row(1, { status: 'in_review', assignee: { username: 'gone', name: 'Gone' } }),
          duplicates: [],
        },
      });
    });
    const { container } = render(<StaffPage url="/staff?id=id-1" />);
    await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
    const panel = screen.getByRole('region', { name: 'Assigned to' });
    expect(panel).toHaveTextContent('Gone (gone)');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not assigned: No staff member has that username',
    );
    expect(screen.getByLabelText('Assign to')).toHaveAttribute('aria-invalid', 'true');
    expect(client.request).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'put',
        url: '/api/staff/applications/spartan/id-1/assignee/',
        data: { assignee: 'gone' },
      }),
    );
    const entries = [...container.querySelectorAll('.staff-timeline li')].map(
      (li) => li.textContent,
    );
    expect(entries[0]).toMatch(/^Unassigned \(was Rita\)Ada, /);
    expect(entries[1]).toMatch(/^Assigned to RitaAda, /);
    expect(staffState.announcement).not.toMatch(/Assigned/);
    await expectNoAxeViolations(container);
  });

  it('given a reviewer, then no Delete shows in the list or the detail, while status and notes do', async () => {
    loginFulfilled(authState, {
      access: 'tok-staff',
      user: { id: 'u', username: 'rita', role: 'reviewer', name: 'Rita' },
    });
    listAnswer([row(1)]);
    const { unmount } = render(<StaffPage url="/staff" />);
    await screen.findByRole('link', { name: 'Applicant 1' });
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByText('Erase an applicant’s data')).toBeNull();
    unmount();
    client.request.mockResolvedValue({ data: { data: row(1, { status: 'in_review' }) } });
    render(<StaffPage url="/staff?id=id-1" />);
    await screen.findByRole('heading', { name: 'Applicant 1', level: 2 });
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByLabelText('Review status')).toHaveValue('in_review');
    expect(screen.getByLabelText('Add a note for colleagues')).toBeInTheDocument();
  });

  it('given the saved mail choice still loading, then the choice waits for it, and it is what shows once loaded', async () => {
    const user = setupUser();
    const saved = holdCalls<{ data: { mode: string; email: string } }>(
      (config) => config.url.endsWith('/notifications/') && config.method === 'get',
    );
    render(<StaffPage url="/staff" />);
    await user.click(await screen.findByText('New-application mail'));
    expect(screen.getByText('Loading your current choice…')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'One daily digest' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await act(async () => saved.resolve({ data: { mode: 'each', email: 'desk@example.com' } }));
    const each = screen.getByRole('radio', { name: 'A mail for each new application' });
    expect(each).toBeChecked();
    expect(each).toBeEnabled();
    expect(screen.getByLabelText('Send to')).toHaveValue('desk@example.com');
    expect(screen.queryByText('Loading your current choice…')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'One daily digest' }));
    expect(screen.getByRole('radio', { name: 'One daily digest' })).toBeChecked();
  });

  it('given the saved mail choice fails to load, then it says so and the choice can still be made', async () => {
    holdCalls((config) => config.url.endsWith('/notifications/') && config.method === 'get').reject(
      httpError(503),
    );
    render(<StaffPage url="/staff" />);
    expect(
      await screen.findByText(
        'Your current choice could not be loaded. Saving sets the one below.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'One daily digest' })).toBeEnabled();
  });
});

describe('the list for a team', () => {
  afterEach(() => {
    setShortcutsOn(true);
    localStorage.clear();
  });

  /**
   * The list answers `rows` as they are at each call (a bulk change shows in the next page), the
   * assignees call the staff, and a bulk call what `bulk` does with its body.
   */
  function teamAnswers(
    rows: SpartanApplicationView[],
    bulk: (body: BulkBody) => BulkAnswer = (body) => ({ done: body.ids, failed: [] }),
  ) {
    client.request.mockImplementation(
      ({ method, url, data }: { method: string; url: string; data?: unknown }) => {
        if (url === ASSIGNEES_PATH) return Promise.resolve({ data: { data: STAFF } });
        if (method === 'post' && url.endsWith('/bulk/'))
          return Promise.resolve({ data: bulk(data as BulkBody) });
        return Promise.resolve({
          data: { data: [...rows], total: rows.length, page: 1, page_size: 10 },
        });
      },
    );
  }
  const bulkCalls = () =>
    client.request.mock.calls
      .map(([config]) => config as { method: string; url: string; data?: unknown })
      .filter((c) => c.method === 'post' && c.url.endsWith('/bulk/'));
  const listCalls = () =>
    client.request.mock.calls.filter(
      ([config]) => (config as { url: string }).url === '/api/spartan_join/applications/',
    ).length;
  const checkbox = (name: string) => screen.getByRole('checkbox', { name });

  it('walks the rows with j, k and the arrow keys, selects with x, opens with o; select all is tri-state', async () => {
    const user = setupUser();
    teamAnswers([row(1), row(2), row(3)]);
    const { container } = render(<StaffPage url="/staff?source=site" />);
    const first = await screen.findByRole('link', { name: 'Applicant 1' });
    await user.keyboard('j');
    expect(first).toHaveFocus();
    await user.keyboard('j{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Applicant 3' })).toHaveFocus();
    await user.keyboard('j'); // The last row stays current.
    expect(screen.getByRole('link', { name: 'Applicant 3' })).toHaveFocus();
    await user.keyboard('k');
    expect(screen.getByRole('link', { name: 'Applicant 2' })).toHaveFocus();

    await user.keyboard('x');
    expect(checkbox('Select Applicant 2')).toBeChecked();
    const all = checkbox('Select all on this page');
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    expect(screen.getByText('1 application selected')).toBeInTheDocument();
    await user.click(all);
    expect(checkbox('Select Applicant 1')).toBeChecked();
    expect(checkbox('Select Applicant 3')).toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(false);
    expect(screen.getByText('3 applications selected')).toBeInTheDocument();
    await user.click(all);
    expect(checkbox('Select Applicant 2')).not.toBeChecked();
    await expectNoAxeViolations(container);

    // From a row's checkbox too, the row is the current one.
    await user.click(checkbox('Select Applicant 3'));
    await user.keyboard('k');
    expect(screen.getByRole('link', { name: 'Applicant 2' })).toHaveFocus();
    await user.keyboard('o');
    expect(navigation.navigate).toHaveBeenLastCalledWith('/staff?id=id-2&source=site', false, true);
  });

  it('never acts while typing in a field or with a modifier held, and once turned off, not at all (kept in the browser)', async () => {
    const user = setupUser();
    teamAnswers([row(1), row(2)]);
    render(<StaffPage url="/staff" />);
    await screen.findByRole('link', { name: 'Applicant 1' });
    const search = screen.getByRole('searchbox', { name: 'Search by name or email' });
    await user.click(search);
    await user.keyboard('jx?');
    expect(search).toHaveValue('jx?');
    expect(search).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
    const status = screen.getByLabelText('Status', { selector: 'select[name="status"]' });
    status.focus();
    await user.keyboard('j');
    expect(status).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Control>}j{/Control}{Alt>}j{/Alt}{Meta>}j{/Meta}');
    expect(document.body).toHaveFocus();

    // `?` opens the list; so does the button, with the switch.
    await user.keyboard('?');
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const button = screen.getByRole('button', { name: 'Keyboard shortcuts' });
    await user.click(button);
    const toggle = screen.getByRole('checkbox', { name: 'Use single-key shortcuts' });
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    expect(localStorage.getItem('spartan-staff-shortcuts')).toBe('off');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(button).toHaveFocus();
    await user.keyboard('jx?');
    expect(button).toHaveFocus();
    expect(checkbox('Select Applicant 1')).not.toBeChecked();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sets the status of the selection, says how many, names the ones that failed and why, and keeps only those selected', async () => {
    const user = setupUser();
    const rows = [row(1), row(2), row(3)];
    teamAnswers(rows, (body) => ({
      done: body.ids.filter((id) => id !== 'id-2'),
      failed: [{ id: 'id-2', code: 'SPARTAN_ERR_NOT_FOUND' }],
    }));
    render(<StaffPage url="/staff?status=all" />);
    await screen.findByRole('link', { name: 'Applicant 1' });
    await user.click(checkbox('Select Applicant 1'));
    await user.click(checkbox('Select Applicant 2'));
    const bar = screen.getByRole('region', { name: 'Selected applications' });
    await user.selectOptions(within(bar).getByLabelText('New status'), 'rejected');
    const before = listCalls();
    await user.click(within(bar).getByRole('button', { name: 'Set status' }));
    expect(await within(bar).findByRole('alert')).toHaveTextContent(
      'One application could not be changed: Applicant 2 (it no longer exists).',
    );
    expect(bulkCalls().map((c) => c.data)).toEqual([
      { action: 'status', status: 'rejected', ids: ['id-1', 'id-2'] },
    ]);
    await waitFor(() => expect(staffState.announcement).toBe('1 application set to Rejected.'));
    await waitFor(() => expect(listCalls()).toBe(before + 1));
    expect(checkbox('Select Applicant 1')).not.toBeChecked();
    expect(checkbox('Select Applicant 2')).toBeChecked();
    expect(within(bar).getByRole('button', { name: 'Set status' })).toHaveFocus();
  });

  it('assigns the selection to a staff member, and the Assigned to filter and column follow the address', async () => {
    const user = setupUser();
    const rows = [row(1), row(2, { assignee: { username: 'rex', name: 'Rex Reviewer' } })];
    teamAnswers(rows);
    render(<StaffPage url="/staff?assignee=rex" />);
    await screen.findByRole('link', { name: 'Applicant 1' });
    expect(client.request).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/api/spartan_join/applications/',
        params: expect.objectContaining({ assignee: 'rex' }) as unknown,
      }),
    );
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /Applicant 2/ })).toHaveTextContent(
      'Rex Reviewer',
    );
    const filter = screen.getByLabelText('Assigned to');
    await waitFor(() => expect(filter).toHaveDisplayValue('Rex Reviewer (rex)'));
    await user.selectOptions(filter, 'me');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith('/staff?assignee=me', false, true);

    await user.click(checkbox('Select Applicant 1'));
    const bar = screen.getByRole('region', { name: 'Selected applications' });
    await user.selectOptions(within(bar).getByLabelText('Assign to'), 'ada');
    await user.click(within(bar).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(staffState.announcement).toBe('1 application assigned to Ada Admin (ada).'),
    );
    expect(bulkCalls().map((c) => c.data)).toEqual([
      { action: 'assign', assignee: 'ada', ids: ['id-1'] },
    ]);
  });

  it('deletes the selection for an admin after a confirmation naming them; a reviewer has no Delete', async () => {
    const user = setupUser();
    teamAnswers([row(1), row(2)]);
    const { unmount } = render(<StaffPage url="/staff" />);
    await screen.findByRole('link', { name: 'Applicant 1' });
    const bar = screen.getByRole('region', { name: 'Selected applications' });
    const remove = within(bar).getByRole('button', { name: 'Delete selected' });
    await user.click(remove); // Nothing selected: nothing asked.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(checkbox('Select all on this page'));
    await user.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 2 applications?' });
    expect(dialog).toHaveTextContent('The applications of Applicant 1 and Applicant 2 will be');
    expect(bulkCalls()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 applications' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bulkCalls().map((c) => c.data)).toEqual([{ action: 'delete', ids: ['id-1', 'id-2'] }]);
    await waitFor(() => expect(staffState.announcement).toBe('2 applications deleted.'));
    unmount();

    loginFulfilled(authState, {
      access: 'tok-staff',
      user: { id: 'r', username: 'rex', role: 'reviewer', name: 'Rex Reviewer' },
    });
    render(<StaffPage url="/staff" />);
    await screen.findByRole('link', { name: 'Applicant 1' });
    const reviewerBar = screen.getByRole('region', { name: 'Selected applications' });
    expect(within(reviewerBar).getByRole('button', { name: 'Set status' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
