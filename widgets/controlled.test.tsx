/**
 * The package's components as a host app drives them: controlled props (the app's value wins
 * over a visitor's choice until the app takes it), defaultValues, and ref/className/id/style on
 * the root element. Uncontrolled use is each widget's own test file.
 */
import { createRef } from 'react';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupUser } from '../tests/user-event.ts';
import { ApplyForm, HubMap, InvestForm, StateBanner, WealthCounter } from './index.ts';

const highlighted = () =>
  [...document.querySelectorAll('[data-highlighted="true"]')]
    .map((el) => el.textContent)
    .filter((name, i, all) => all.indexOf(name) === i);

beforeEach(() => {
  // The map's geometry never arrives: the list and the cards are what these tests use.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('controlled components', () => {
  it("StateBanner with letter: shows the app's letter, reports a choice, and moves only when the app does", async () => {
    const onLetterChange = vi.fn();
    const user = setupUser();
    const { rerender } = render(<StateBanner letter="N" onLetterChange={onLetterChange} />);
    expect(highlighted()).toContain('Nevada');
    await user.click(screen.getByRole('combobox', { name: /letter/i }));
    await user.click(await screen.findByRole('option', { name: 'M' }));
    expect(onLetterChange).toHaveBeenCalledWith('M');
    expect(highlighted()).toContain('Nevada');
    expect(highlighted()).not.toContain('Maine');
    rerender(<StateBanner letter="M" onLetterChange={onLetterChange} />);
    expect(highlighted()).toContain('Maine');
    expect(highlighted()).not.toContain('Nevada');
  });

  it("HubMap with selected: shows the app's hub, reports a choice, and moves only when the app does", async () => {
    const onHubSelect = vi.fn();
    const user = setupUser();
    const props = { geoUrl: 'https://spartans.example/geo.json', onHubSelect };
    const { rerender } = render(<HubMap {...props} selected="Boston HQ" />);
    const details = () => screen.getByRole('region', { name: 'Hub details' });
    expect(within(details()).getByRole('heading', { name: 'Boston HQ' })).toBeInTheDocument();
    const list = screen.getByRole('group', { name: 'Innovation hubs' });
    await user.click(within(list).getByRole('button', { name: 'Denver Future Hub' }));
    expect(onHubSelect).toHaveBeenCalledWith('Denver Future Hub');
    expect(within(details()).getByRole('heading', { name: 'Boston HQ' })).toBeInTheDocument();
    rerender(<HubMap {...props} selected="Denver Future Hub" />);
    expect(
      within(details()).getByRole('heading', { name: 'Denver Future Hub' }),
    ).toBeInTheDocument();
    rerender(<HubMap {...props} selected={null} />);
    expect(details()).toHaveTextContent('Choose a hub');
  });

  it('ApplyForm and InvestForm with defaultValues: start with them, and the visitor edits them', async () => {
    const user = setupUser();
    render(
      <>
        <ApplyForm
          apiBase="https://spartans.example"
          defaultValues={{ fullname: 'Ada Lovelace', email: 'ada@example.com' }}
        />
        <InvestForm
          apiBase="https://spartans.example"
          defaultValues={{ email: 'grace@example.com' }}
        />
      </>,
    );
    const apply = screen.getByRole('form', { name: 'Spartan application' });
    expect(within(apply).getByLabelText(/Full Name/)).toHaveValue('Ada Lovelace');
    expect(within(apply).getByLabelText(/Email/)).toHaveValue('ada@example.com');
    expect(within(apply).getByLabelText(/Location/)).toHaveValue('');
    await user.type(within(apply).getByLabelText(/Full Name/), ' King');
    expect(within(apply).getByLabelText(/Full Name/)).toHaveValue('Ada Lovelace King');
    expect(screen.getAllByLabelText(/Email/).map((el) => (el as HTMLInputElement).value)).toContain(
      'grace@example.com',
    );
  });

  it('a component takes ref, className, id and style on its root element', () => {
    const ref = createRef<HTMLDivElement>();
    render(<WealthCounter ref={ref} className="wide" id="fund" style={{ marginTop: 12 }} />);
    const root = ref.current!;
    expect(root).toBeInstanceOf(HTMLDivElement);
    expect(root).toHaveClass('spartan-root', 'spartan-counter', 'wide');
    expect(root.id).toBe('fund');
    expect(root.style.marginTop).toBe('12px');
    expect(root).toBe(screen.getByRole('group', { name: /Wealth Fund/ }));
  });
});
