/** Small inline icons (decorative; the controls they sit in carry the text). */
import type { SocialNetwork } from '../../content/site.ts';

const PATHS: Record<SocialNetwork, string> = {
  Facebook: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9H17l.5-4h-4V8.8c0-.5.2-.8.5-.8z',
  Instagram:
    'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3H8zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z',
  Twitter:
    'M21 6.5c-.7.3-1.4.5-2.1.6.8-.5 1.3-1.2 1.6-2-.7.4-1.5.7-2.3.9A3.6 3.6 0 0 0 12 8.5c0 .3 0 .6.1.8-3-.1-5.7-1.6-7.5-3.8-.3.5-.5 1.2-.5 1.8 0 1.3.6 2.4 1.6 3-.6 0-1.1-.2-1.6-.4 0 1.8 1.2 3.2 2.9 3.6-.5.1-1.1.2-1.6.1.5 1.4 1.8 2.5 3.4 2.5A7.3 7.3 0 0 1 3 17.6 10.3 10.3 0 0 0 8.6 19c6.6 0 10.3-5.5 10.3-10.3v-.5c.8-.5 1.4-1.1 1.9-1.8z',
  Snapchat:
    'M12 3c3 0 5 2.2 5 5v2.3l1.6-.5.6 1.4-2 1c.6 1.6 1.8 2.8 3.3 3.4l-.4 1.2c-.9.2-1.6.4-1.9.9l-.3 1-1.5-.1c-1 0-1.7.8-3.2 1.5-.4.2-.8.3-1.2.3s-.8-.1-1.2-.3c-1.5-.7-2.2-1.5-3.2-1.5l-1.5.1-.3-1c-.3-.5-1-.7-1.9-.9l-.4-1.2c1.5-.6 2.7-1.8 3.3-3.4l-2-1 .6-1.4 1.6.5V8c0-2.8 2-5 5-5z',
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={PATHS[network]} fill="currentColor" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" fill="currentColor" />
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <svg
      className="chevron"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path className="icon-chevron" d="M6 9l6 6 6-6" fill="none" stroke="currentColor" />
    </svg>
  );
}

export function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <g className="icon-globe" fill="none" stroke="currentColor">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
      </g>
    </svg>
  );
}
