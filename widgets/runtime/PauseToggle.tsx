import { useState, type ButtonHTMLAttributes } from 'react';
import { usePrefersReducedMotion } from './motion.ts';

/**
 * Motion the visitor can stop (WCAG 2.2.2): stopped under reduced motion until the visitor
 * chooses, then as they chose. Returns whether it is stopped, the visitor's choice (null before
 * any) and the setter of that choice.
 */
export function useMotionChoice(): [boolean, boolean | null, (stopped: boolean) => void] {
  const reduced = usePrefersReducedMotion();
  const [choice, setChoice] = useState<boolean | null>(null);
  return [choice ?? reduced, choice, setChoice];
}

export interface PauseToggleProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Whether the motion is stopped now (the button then offers to start it). */
  stopped: boolean;
  /** The button's name while stopped, then while moving (e.g. 'Play ticker', 'Pause ticker'). */
  labels: readonly [string, string];
  part?: string;
}

/**
 * The pause / play button of the banner, the counter and the carousels: ▶ while stopped, ❚❚
 * while moving, named by `labels`; other props (class, part, click) go to the button.
 */
export function PauseToggle({ stopped, labels, ...button }: PauseToggleProps) {
  return (
    <button type="button" {...button}>
      <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
      <span className="spartan-visually-hidden">{labels[stopped ? 0 : 1]}</span>
    </button>
  );
}
