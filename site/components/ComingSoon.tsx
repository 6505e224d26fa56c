/**
 * Feedback for buttons that have no destination yet: pressing one announces "Coming soon"
 * in a polite status next to the buttons (present, empty, from the first render so screen
 * readers hear the change), instead of doing visibly nothing.
 */
import { useState, type ReactNode } from 'react';

export const COMING_SOON = 'Coming soon';

export function useComingSoon(): { announce: () => void; status: ReactNode } {
  const [said, setSaid] = useState(0);
  const status = (
    <p className="soon-status" role="status">
      {/* A different key each time, so a second press is announced again. */}
      {said > 0 && <span key={said}>{COMING_SOON}</span>}
    </p>
  );
  return { announce: () => setSaid((n) => n + 1), status };
}
