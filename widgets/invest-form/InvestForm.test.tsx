import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupUser, type User } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
// Inside a <SpartanProvider> naming the server, as a React app uses the form.
import { renderServed as render } from '../../tests/render-served.tsx';
import { ACCREDITATION_OPTIONS, NOTHING_SENT } from '../../content/forms.ts';
import * as http from '../internal/http.ts';
import { deferred, fakeClientPerTest, httpError } from '../../tests/http-fakes.ts';
import { INVEST_FAILED, InvestForm } from './InvestForm.tsx';
import { INVEST_PATH } from '../../schemas/api-paths.ts';

const client = fakeClientPerTest(http);

async function fillValid(user: User) {
  await user.type(screen.getByLabelText(/Full Name/), 'Grace Hopper');
  await user.type(screen.getByLabelText(/Email/), 'grace@example.com');
  await user.type(screen.getByLabelText(/Phone Number/), '555 123 4567');
  await user.type(screen.getByLabelText(/Location/), 'Arlington, VA');
  await user.click(screen.getByRole('radio', { name: /Net worth/ }));
  await user.click(screen.getByRole('checkbox', { name: /I certify/ }));
}

const submit = () => screen.getByRole('button', { name: 'Submit Application' });

describe('InvestForm', () => {
  it('given a first render, then the five criteria are a labelled radio group with the spec wording, and axe passes', async () => {
    const { container } = render(<InvestForm />);
    const group = screen.getByRole('radiogroup', { name: /How do you qualify/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(
      ACCREDITATION_OPTIONS.map((o) => o.value),
    );
    for (const option of ACCREDITATION_OPTIONS) {
      expect(within(group).getByRole('radio', { name: option.label })).toBeInTheDocument();
    }
    expect(screen.getByRole('checkbox', { name: /I certify/ })).not.toBeChecked();
    expect(http.httpClient).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('when submitted empty, then the summary takes focus and lists every required field, the basis and the certification', async () => {
    const user = setupUser();
    const { container } = render(<InvestForm />);
    const said: string[] = [];
    const status = screen.getByRole('status');
    new MutationObserver(() => said.push(status.textContent ?? '')).observe(status, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    await user.click(submit());
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Enter your full name',
      'Enter a valid email address',
      'Enter your phone number',
      'Enter your location',
      'Choose how you qualify as an accredited investor',
      'Confirm that you qualify as an accredited investor',
    ]);
    expect(
      screen.getByRole('radiogroup', { name: /How do you qualify/ }),
    ).toHaveAccessibleDescription('Error: Choose how you qualify as an accredited investor');
    expect(screen.getByRole('checkbox', { name: /I certify/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // The radio group says it is required, in words too, and is invalid; its radios are required.
    const radios = screen.getByRole('radiogroup', { name: /How do you qualify/ });
    expect(radios).toHaveAccessibleName(/\(required\)$/);
    expect(radios).toBeRequired();
    expect(radios).toHaveAttribute('aria-invalid', 'true');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeRequired();
    // Refused before sending: "Submitting..." was never said.
    expect(said).not.toContain('Submitting...');
    await user.click(within(summary).getByRole('link', { name: /Choose how you qualify/ }));
    expect(screen.getByRole('radio', { name: ACCREDITATION_OPTIONS[0].label })).toHaveFocus();
    expect(client.post).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('while submitting, then the button is marked unavailable (not disabled: it keeps focus) with "Submitting...", and it sends the contract JSON (no certification, no empty optionals)', async () => {
    const user = setupUser();
    const pending = deferred<{ data: unknown }>();
    client.post.mockReturnValue(pending.promise);
    const { container } = render(<InvestForm />);
    await fillValid(user);
    await user.click(submit());
    const button = await screen.findByRole('button', { name: 'Submitting...' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await waitFor(() => expect(client.post).toHaveBeenCalled());
    // Pressed again while busy: nothing more is sent.
    await user.click(button);
    expect(client.post).toHaveBeenCalledTimes(1);
    expect(client.post).toHaveBeenCalledWith(
      INVEST_PATH,
      {
        fullname: 'Grace Hopper',
        email: 'grace@example.com',
        phone: '555 123 4567',
        location: 'Arlington, VA',
        accreditation: 'net_worth',
      },
      // Called off if the form leaves the page meanwhile.
      { signal: expect.any(AbortSignal) as AbortSignal },
    );
    await expectNoAxeViolations(container);
    await act(async () => pending.resolve({ data: { investor_id: 'i-1' } }));
  });

  it('when the call fails, then the server message, else "Apply Investor failed", shows, says nothing was sent, and the form keeps its values', async () => {
    const user = setupUser();
    client.post.mockRejectedValueOnce(
      httpError(429, { detail: 'Too many requests, try again later' }),
    );
    client.post.mockRejectedValueOnce(httpError(500));
    client.post.mockRejectedValueOnce(new Error('Network Error'));
    const { container } = render(<InvestForm />);
    await fillValid(user);
    await user.click(submit());
    const summary = () => screen.getByRole('alert', { name: 'There is a problem' });
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'Too many requests, try again later',
    );
    // Each failure says that nothing was sent and that what was typed is kept.
    expect(summary()).toHaveTextContent(NOTHING_SENT);
    await user.click(submit());
    await waitFor(() => expect(summary()).toHaveTextContent(INVEST_FAILED));
    expect(summary()).toHaveTextContent(NOTHING_SENT);
    await user.click(submit());
    // The network down: the same message again, announced again (the summary takes focus).
    await waitFor(() => expect(summary()).toHaveFocus());
    expect(summary()).toHaveTextContent(INVEST_FAILED);
    expect(summary()).toHaveTextContent(NOTHING_SENT);
    expect(screen.getByRole('radio', { name: /Net worth/ })).toBeChecked();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Grace Hopper');
    await expectNoAxeViolations(container);
  });

  it('when the server accepts, then onInvested gets the investor id and the success state shows it', async () => {
    const user = setupUser();
    const onInvested = vi.fn();
    client.post.mockResolvedValue({ data: { investor_id: 'inv-9', data: {} } });
    const { container } = render(<InvestForm onInvested={onInvested} />);
    await fillValid(user);
    await user.click(submit());
    expect(
      await screen.findByRole('heading', { name: 'Thank you for your interest' }),
    ).toBeInTheDocument();
    expect(onInvested).toHaveBeenCalledWith('inv-9');
    expect(screen.getByRole('button', { name: 'Investor ID Number inv-9' })).toBeDisabled();
    await expectNoAxeViolations(container);
  });

  it('given a success-url on another origin, then it loads that page with ?id=', async () => {
    const user = setupUser();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      href: 'http://partner.test/apply',
      origin: 'http://partner.test',
      assign,
    });
    client.post.mockResolvedValue({ data: { investor_id: 'inv-10' } });
    render(<InvestForm successUrl="https://thanks.example/done?src=x" />);
    await fillValid(user);
    await user.click(submit());
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://thanks.example/done?src=x&id=inv-10'),
    );
    vi.restoreAllMocks();
  });
});
