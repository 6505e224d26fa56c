import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupUser } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import { Passcode } from './Passcode.tsx';

function setup() {
  const onComplete = vi.fn();
  render(
    <>
      <p id="label">Enter the passcode</p>
      <Passcode labelledBy="label" onComplete={onComplete} />
    </>,
  );
  const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
  return { onComplete, boxes };
}

describe('Passcode', () => {
  it('given six boxes, when a letter is typed then nothing is entered and a line says digits only', async () => {
    const user = setupUser();
    const { boxes } = setup();
    expect(boxes).toHaveLength(6);
    expect(screen.getByRole('group', { name: 'Enter the passcode' })).toBeInTheDocument();
    await user.type(boxes[0]!, 'x');
    expect(boxes[0]).toHaveValue('');
    // Refused, and told why; the next digit clears the line.
    expect(screen.getByRole('status')).toHaveTextContent('Digits only: type 0 to 9.');
    await expectNoAxeViolations(document.body.firstElementChild!);
    await user.keyboard('4');
    expect(boxes[0]).toHaveValue('4');
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('when digits are typed, focus advances and the sixth completes the code', async () => {
    const user = setupUser();
    const { boxes, onComplete } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('12345');
    expect(boxes[5]).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('when Backspace is pressed on an empty box, focus moves back', async () => {
    const user = setupUser();
    const { boxes } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('7');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes[0]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes[0]).toHaveValue('');
  });

  it('when six digits are pasted, every box fills and the code completes', () => {
    const { boxes, onComplete } = setup();
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '24 68 10' } });
    expect(boxes.map((b) => b.value).join('')).toBe('246810');
    expect(onComplete).toHaveBeenCalledWith('246810');
  });

  it('when something else is pasted, nothing changes and a line says what to paste', () => {
    const { boxes, onComplete } = setup();
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '12ab56' } });
    expect(boxes.map((b) => b.value).join('')).toBe('');
    expect(onComplete).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Paste the 6 digits of the code, 0 to 9 only.',
    );
  });

  it('when one digit is pasted, it goes into its box as if typed', async () => {
    const user = setupUser();
    const { boxes } = setup();
    await user.click(boxes[2]!);
    await user.paste('7');
    expect(boxes.map((b) => b.value)).toEqual(['', '', '7', '', '', '']);
    expect(boxes[3]).toHaveFocus();
  });
});
