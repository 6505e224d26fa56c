import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupUser } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import { ABOUT_GROUP } from './nav.ts';
import { NavMenu } from './NavMenu.tsx';

describe('NavMenu', () => {
  it('given a closed menu, a click opens it and Escape closes it, returning focus', async () => {
    const user = setupUser();
    render(
      <nav aria-label="Main">
        <NavMenu group={ABOUT_GROUP} url="/founders" />
      </nav>,
    );
    const button = screen.getByRole('button', { name: 'About' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'The Founders' })).toBeNull();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const current = screen.getByRole('link', { name: 'The Founders' });
    expect(current).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(document.body.firstElementChild!);
    screen.getByRole('link', { name: 'Our Purpose' }).focus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('when hovered it opens, and a click right after keeps it open', async () => {
    const user = setupUser();
    render(<NavMenu group={ABOUT_GROUP} url="/" />);
    const button = screen.getByRole('button', { name: 'About' });
    await user.hover(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('when opened by hover, Escape closes it though focus is elsewhere, and focus stays put', async () => {
    const user = setupUser();
    render(
      <>
        <button type="button">Elsewhere</button>
        <NavMenu group={ABOUT_GROUP} url="/" />
      </>,
    );
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    const button = screen.getByRole('button', { name: 'About' });
    await user.hover(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(elsewhere).toHaveFocus();
  });

  it('is a disclosure: arrow keys neither open it nor move focus', async () => {
    const user = setupUser();
    render(<NavMenu group={ABOUT_GROUP} url="/" />);
    const button = screen.getByRole('button', { name: 'About' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(button).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Our Purpose' })).toHaveFocus();
  });

  it('when focus leaves the menu, it closes', async () => {
    const user = setupUser();
    render(
      <>
        <NavMenu group={ABOUT_GROUP} url="/" />
        <button type="button">Elsewhere</button>
      </>,
    );
    const button = screen.getByRole('button', { name: 'About' });
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
