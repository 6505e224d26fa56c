import '../../widgets/text-input.ts';
import '../styles/passcode.css';
/**
 * Six single-digit boxes for a one-time passcode: digits only, focus advances,
 * Backspace on an empty box moves back, pasting six digits fills them all.
 * `onComplete` fires when the last box is filled and every box holds a digit.
 * Anything else typed or pasted is refused, and a status line under the boxes says why.
 */
import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { PASSCODE_LENGTH } from '../../content/constants.ts';

export interface PasscodeProps {
  onComplete: (code: string) => void;
  /** Id of the text that labels the group. */
  labelledBy: string;
  /** Id of the text that says what happens after the last digit (it goes on by itself). */
  describedBy?: string;
}

export function Passcode({ onComplete, labelledBy, describedBy }: PasscodeProps) {
  const [digits, setDigits] = useState<string[]>(() => Array<string>(PASSCODE_LENGTH).fill(''));
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  // Why the last key or paste was refused ('' once a digit is taken).
  const [notice, setNotice] = useState('');
  const focus = (i: number) => refs.current[Math.max(0, Math.min(PASSCODE_LENGTH - 1, i))]?.focus();

  const update = (next: string[], lastFilled: number) => {
    setDigits(next);
    if (lastFilled === PASSCODE_LENGTH - 1 && next.every((d) => d !== ''))
      onComplete(next.join(''));
  };

  const onInput = (i: number, raw: string) => {
    const digit = raw.replace(/\D/g, '').slice(-1);
    setNotice(digit || !raw ? '' : 'Digits only: type 0 to 9.');
    const next = [...digits];
    next[i] = digit;
    if (!digit) {
      setDigits(next);
      return;
    }
    update(next, i);
    if (i < PASSCODE_LENGTH - 1) focus(i + 1);
  };

  const onKeyDown = (i: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[i] === '' && i > 0) {
      event.preventDefault();
      focus(i - 1);
    } else if (event.key === 'ArrowLeft') focus(i - 1);
    else if (event.key === 'ArrowRight') focus(i + 1);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\s/g, '');
    // One digit goes into its box as if typed.
    if (/^\d$/.test(pasted)) return;
    event.preventDefault();
    if (!new RegExp(`^\\d{${PASSCODE_LENGTH}}$`).test(pasted)) {
      setNotice(`Paste the ${PASSCODE_LENGTH} digits of the code, 0 to 9 only.`);
      return;
    }
    setNotice('');
    const next = pasted.split('');
    focus(PASSCODE_LENGTH - 1);
    update(next, PASSCODE_LENGTH - 1);
  };

  // One block for the boxes and the notice: in the card's grid, an empty notice of its own would
  // still take a row and the gap after it.
  return (
    <div className="passcode-field">
      <div
        className="passcode"
        role="group"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
      >
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            className="passcode__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]"
            maxLength={1}
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${i + 1} of ${PASSCODE_LENGTH}`}
            value={digit}
            onChange={(event) => onInput(i, event.currentTarget.value)}
            onKeyDown={(event) => onKeyDown(i, event)}
            onPaste={onPaste}
            onFocus={(event) => event.currentTarget.select()}
          />
        ))}
      </div>
      {/* Nothing inside while there is no notice, so that its line takes no room (:empty). */}
      <p className="passcode__notice" role="status">
        {notice || null}
      </p>
    </div>
  );
}
