import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupUser } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import { StoryPage } from './StoryPage.tsx';

const sections = ['Alpha', 'Beta', 'Gamma'].map((label) => ({
  id: label,
  label,
  content: <h2>{label} section</h2>,
}));

describe('StoryPage', () => {
  it('given three sections, Next cycles through them, wraps to the first, and says what it showed', async () => {
    const user = setupUser();
    render(
      <StoryPage title="Story" eyebrow="Our Statements" listLabel="Sections" sections={sections} />,
    );
    const selected = () => screen.getByRole('tab', { selected: true }).textContent;
    expect(selected()).toBe('Alpha');
    expect(screen.getByRole('heading', { name: 'Alpha section' })).toBeVisible();
    // Nothing announced before Next is used; then each press says what it showed.
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    for (const [i, expected] of ['Beta', 'Gamma', 'Alpha'].entries()) {
      await user.click(screen.getByRole('button', { name: /^Next/ }));
      expect(selected()).toBe(expected);
      expect(screen.getByRole('status')).toHaveTextContent(
        `Showing ${expected}, ${((i + 1) % 3) + 1} of 3`,
      );
    }
    await expectNoAxeViolations(document.body.firstElementChild!);
  });

  it('follows the tabs pattern: arrow keys, Home and End move the selection and focus', async () => {
    const user = setupUser();
    render(
      <StoryPage title="Story" eyebrow="Our Statements" listLabel="Sections" sections={sections} />,
    );
    const first = screen.getByRole('tab', { name: 'Alpha' });
    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(first).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Alpha');
  });

  it('starts with the sidebar open and collapses it', async () => {
    const user = setupUser();
    render(
      <StoryPage title="Story" eyebrow="Our Statements" listLabel="Sections" sections={sections} />,
    );
    const toggle = screen.getByRole('button', { name: /Hide sections/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: /Show sections/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
