import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupUser, type User } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
// Inside a <SpartanProvider> naming the server, as a React app uses the form.
import { renderServed as render } from '../../tests/render-served.tsx';
import { JOB_ROLE_GROUPS, JOB_ROLES, NOTHING_SENT, UPLOAD_CANCELLED } from '../../content/forms.ts';
import * as http from '../internal/http.ts';
import { deferred, fakeClientPerTest, httpError } from '../../tests/http-fakes.ts';
import { APPLY_FAILED, ApplyForm } from './ApplyForm.tsx';
import { APPLY_PATH } from '../../schemas/api-paths.ts';

const client = fakeClientPerTest(http);

const pdf = () => new File(['%PDF-1.4 resume'], 'resume.pdf', { type: 'application/pdf' });

async function fillValid(user: User) {
  await user.selectOptions(screen.getByLabelText(/Job role/), 'Data Engineer');
  await user.type(screen.getByLabelText(/Full Name/), 'Ada Lovelace');
  fireEvent.change(screen.getByLabelText(/Date of Birth/), { target: { value: '1990-12-10' } });
  await user.type(screen.getByLabelText(/Location/), 'London');
  await user.selectOptions(screen.getByLabelText(/Gender/), 'Female');
  await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/Phone Number/), '+44 20 7946 0000');
  await user.upload(screen.getByLabelText(/Resume/), pdf());
}

const submit = () => screen.getByRole('button', { name: 'Submit Application' });

describe('ApplyForm', () => {
  it('given a first render, then every field of docs/FORMS.md is labelled, roles grouped by category, and axe passes', async () => {
    const { container } = render(<ApplyForm />);
    const select = screen.getByLabelText(/Job role/);
    const groups = select.querySelectorAll('optgroup');
    expect([...groups].map((g) => g.label)).toEqual(JOB_ROLE_GROUPS.map((g) => g.label));
    expect(
      within(select)
        .getAllByRole('option')
        .slice(1)
        .map((o) => o.textContent),
    ).toEqual(JOB_ROLES);
    expect(
      within(screen.getByLabelText(/Gender/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose', 'Male', 'Female', 'Other']);
    expect(screen.getByLabelText(/Resume/)).toHaveAttribute('accept', '.pdf,.doc,.docx');
    for (const label of ['Full Name', 'Date of Birth', 'Location', 'Email', 'Phone Number']) {
      expect(screen.getByLabelText(new RegExp(label))).toHaveAttribute('aria-required', 'true');
    }
    expect(http.httpClient).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('when submitted empty, then the error summary takes focus, links every field, and each field shows its error', async () => {
    const user = setupUser();
    const { container } = render(<ApplyForm />);
    await user.click(submit());
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Choose a job role',
      'Enter your full name',
      'Enter your date of birth',
      'Enter your location',
      'Choose a gender',
      'Enter a valid email address',
      'Enter your phone number',
      'Choose your resume (.pdf, .doc or .docx)',
    ]);
    const name = screen.getByLabelText(/Full Name/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Error: Enter your full name');
    await user.click(links[1]!);
    expect(name).toHaveFocus();
    expect(client.post).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('when an invalid email and a wrong file type are given, then those fields say so and the rest are clear', async () => {
    const user = setupUser({ applyAccept: false });
    render(<ApplyForm />);
    await fillValid(user);
    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.upload(screen.getByLabelText(/Resume/), new File(['x'], 'resume.exe'));
    await user.click(submit());
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Enter a valid email address', 'Upload a .pdf, .doc or .docx file']);
    expect(screen.getByLabelText(/Full Name/)).not.toHaveAttribute('aria-invalid');
    // Correcting a field removes its error at once.
    await user.type(screen.getByLabelText(/Email/), '@x.org');
    expect(screen.getByLabelText(/Email/)).not.toHaveAttribute('aria-invalid');
  });

  it('while submitting, then the button is marked unavailable (not disabled: it keeps focus) with "Submitting...", and the upload progress is a labelled bar', async () => {
    const user = setupUser();
    const pending = deferred<{ data: unknown }>();
    let onUploadProgress: ((e: { loaded: number; total?: number }) => void) | undefined;
    client.post.mockImplementation(
      (_url: string, _body: FormData, config: { onUploadProgress: typeof onUploadProgress }) => {
        onUploadProgress = config.onUploadProgress;
        return pending.promise;
      },
    );
    const { container } = render(<ApplyForm />);
    await fillValid(user);
    await user.click(submit());
    const button = await screen.findByRole('button', { name: 'Submitting...' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Submitting...');
    await waitFor(() => expect(onUploadProgress).toBeDefined());
    act(() => onUploadProgress!({ loaded: 42, total: 100 }));
    const bar = screen.getByRole('progressbar', { name: /Uploading resume/ });
    expect(bar).toHaveAttribute('value', '42');
    expect(screen.getByText('Uploading resume: 42%')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    const [url, body] = client.post.mock.calls[0] as [string, FormData];
    expect(url).toBe(APPLY_PATH);
    expect(Object.fromEntries([...body.entries()].filter(([k]) => k !== 'resume'))).toEqual({
      job_title: 'Data Engineer',
      fullname: 'Ada Lovelace',
      date_of_birth: '1990-12-10',
      location: 'London',
      gender: 'Female',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
    });
    expect((body.get('resume') as File).name).toBe('resume.pdf');
    await act(async () => pending.resolve({ data: { application_id: 'x' } }));
  });

  it('when the server refuses, then its message and field errors show, and everything typed is kept', async () => {
    const user = setupUser();
    client.post.mockRejectedValue(
      httpError(400, {
        detail: 'Check the highlighted fields',
        errors: { phone: 'Enter a valid phone number' },
      }),
    );
    const { container } = render(<ApplyForm />);
    await fillValid(user);
    await user.click(submit());
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent('Check the highlighted fields');
    expect(
      within(summary).getByRole('link', { name: 'Enter a valid phone number' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Phone Number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText(/Job role/)).toHaveValue('Data Engineer');
    expect((screen.getByLabelText(/Resume/) as HTMLInputElement).files?.[0]?.name).toBe(
      'resume.pdf',
    );
    expect(submit()).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it.each([
    ['the network is down', new Error('Network Error'), APPLY_FAILED],
    [
      'the server fails',
      httpError(500, { detail: 'Internal server error' }),
      'Internal server error',
    ],
    ['a gateway times out', httpError(504, '<html>Gateway Time-out</html>'), APPLY_FAILED],
    [
      'the call times out',
      Object.assign(new Error('timeout'), { code: 'ECONNABORTED' }),
      APPLY_FAILED,
    ],
  ])(
    'when %s, then the summary gives the message, says nothing was sent, and everything typed is kept',
    async (_case, failure, message) => {
      const user = setupUser();
      client.post.mockRejectedValue(failure);
      const { container } = render(<ApplyForm />);
      await fillValid(user);
      await user.click(submit());
      const summary = await screen.findByRole('alert', { name: 'There is a problem' });
      expect(summary).toHaveTextContent(message);
      expect(summary).toHaveTextContent(NOTHING_SENT);
      expect(screen.getByLabelText(/Full Name/)).toHaveValue('Ada Lovelace');
      expect((screen.getByLabelText(/Resume/) as HTMLInputElement).files?.[0]?.name).toBe(
        'resume.pdf',
      );
      await expectNoAxeViolations(container);
    },
  );

  it('when the server accepts, then onApplied gets the id and the success state shows it in place', async () => {
    const user = setupUser();
    const onApplied = vi.fn();
    client.post.mockResolvedValue({ data: { application_id: 'app-77', data: {} } });
    const { container } = render(<ApplyForm onApplied={onApplied} />);
    await fillValid(user);
    await user.click(submit());
    const heading = await screen.findByRole('heading', { name: 'Thank you for applying' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(onApplied).toHaveBeenCalledWith('app-77');
    expect(screen.getByText(/5 business days/)).toBeInTheDocument();
    const box = screen.getByRole('button', { name: 'Application ID Number app-77' });
    expect(box).toBeDisabled();
    await expectNoAxeViolations(container);
  });

  it('given a success-url, when the id comes inside data, then it navigates there with ?id=', async () => {
    const user = setupUser();
    const navigate = vi.fn();
    client.post.mockResolvedValue({ data: { data: { application_id: 'in-data-5' } } });
    render(<ApplyForm successUrl="/apply-spartan-success" navigate={navigate} />);
    await fillValid(user);
    await user.click(submit());
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/apply-spartan-success?id=in-data-5'),
    );
  });

  it('given Cancel upload while the resume goes up, then the call stops, nothing is reported as a failure, the form keeps everything and says so, and Submit has the focus', async () => {
    const user = setupUser();
    let onUploadProgress: ((e: { loaded: number; total?: number }) => void) | undefined;
    let signal: AbortSignal | undefined;
    // As axios does: an aborted call rejects with its CanceledError.
    client.post.mockImplementation(
      (
        _url: string,
        _body: FormData,
        config: { signal: AbortSignal; onUploadProgress: typeof onUploadProgress },
      ) => {
        ({ signal, onUploadProgress } = config);
        return new Promise((_, reject) =>
          config.signal.addEventListener('abort', () =>
            reject(Object.assign(new Error('canceled'), { code: 'ERR_CANCELED' })),
          ),
        );
      },
    );
    const { container } = render(<ApplyForm />);
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(onUploadProgress).toBeDefined());
    act(() => onUploadProgress!({ loaded: 42, total: 100 }));
    const cancel = screen.getByRole('button', { name: 'Cancel upload' });
    await expectNoAxeViolations(container);
    await user.click(cancel);
    expect(signal!.aborted).toBe(true);
    await waitFor(() => expect(submit()).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Cancel upload' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(UPLOAD_CANCELLED);
    // Said once (the status line), and shown beside Submit.
    expect(
      screen.getByText(UPLOAD_CANCELLED, { selector: '.spartan-form__cancelled' }),
    ).toBeVisible();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Ada Lovelace');

    // Sent again: once the whole file has gone, the server may be storing it; no Cancel then.
    client.post.mockClear();
    await user.click(submit());
    expect(screen.queryAllByText(UPLOAD_CANCELLED)).toHaveLength(0);
    await waitFor(() => expect(client.post).toHaveBeenCalledTimes(1));
    act(() => onUploadProgress!({ loaded: 100, total: 100 }));
    const late = screen.getByRole('button', { name: 'Cancel upload' });
    expect(late).toHaveAttribute('aria-disabled', 'true');
    await user.click(late);
    expect(signal!.aborted).toBe(false);
  });

  it('given the form leaving the page while it sends, then the call is aborted and nothing navigates when an answer comes', async () => {
    const user = setupUser();
    const navigate = vi.fn();
    const pending = deferred<{ data: unknown }>();
    let signal: AbortSignal | undefined;
    client.post.mockImplementation(
      (_url: string, _body: FormData, config: { signal?: AbortSignal }) => {
        signal = config.signal;
        return pending.promise;
      },
    );
    const { unmount } = render(
      <ApplyForm successUrl="/apply-spartan-success" navigate={navigate} />,
    );
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(signal).toBeDefined());
    expect(signal!.aborted).toBe(false);
    unmount();
    expect(signal!.aborted).toBe(true);
    await act(async () => pending.resolve({ data: { application_id: 'late-1' } }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('given a success-url, when the visitor comes Back to the page kept whole by the browser, then the form says it was sent, in place', async () => {
    const user = setupUser();
    const navigate = vi.fn();
    client.post.mockResolvedValue({ data: { application_id: 'kept-7' } });
    render(<ApplyForm successUrl="/apply-spartan-success" navigate={navigate} />);
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/apply-spartan-success?id=kept-7'));
    // Still the sending form until then: the page is about to change.
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(await screen.findByText(/kept-7/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submitting...' })).toBeNull();
  });
});
