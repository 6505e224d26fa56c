import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setupUser } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import { Dialog } from './Dialog.tsx';

function Page({ block = 'spartan-dialog' }: { block?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Coming Soon" block={block}>
        <a href="/contact-us">Contact Us</a>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is rendered only while open, named by its heading, with its classes from the block', async () => {
    const user = setupUser();
    const { container } = render(<Page block="modal" />);
    expect(container.querySelector('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Coming Soon' });
    expect(dialog).toHaveClass('modal');
    expect(dialog.querySelector('.modal__close')).toHaveAccessibleName('Close dialog');
    await expectNoAxeViolations(container);
  });

  it('when opened, focus is on its close button, and Tab and Shift+Tab stay inside', async () => {
    const user = setupUser();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close dialog' });
    const link = screen.getByRole('link', { name: 'Contact Us' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(link).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(link).toHaveFocus();
  });

  it.each([
    ['Escape', (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape' })],
    [
      'the close button',
      () => fireEvent.click(screen.getByRole('button', { name: 'Close dialog' })),
    ],
    ['a click on the backdrop', (dialog: HTMLElement) => fireEvent.click(dialog)],
  ])('when closed by %s, then it is gone and focus is back on its opener', async (_, close) => {
    const user = setupUser();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    close(screen.getByRole('dialog'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('a click inside its panel does not close it', async () => {
    const user = setupUser();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('heading', { name: 'Coming Soon' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
