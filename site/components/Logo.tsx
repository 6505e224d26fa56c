/** The Spartan helmet mark (decorative: the link around it carries the name). */
export function Logo({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 48 48"
      width="40"
      height="40"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="24" cy="24" r="23" fill="#c9a227" />
      <path
        d="M24 7c-8 0-13 6-13 14v8c0 3 1 6 4 8l2-9h4v13h6V28h4l2 9c3-2 4-5 4-8v-8c0-8-5-14-13-14z"
        fill="#141414"
      />
      <path d="M22 4h4v9h-4z" fill="#7a1f2b" />
      <path d="M16 20h16v4H16z" fill="#c9a227" />
    </svg>
  );
}

/** The logo and title, linking home (header and footer). */
export function BrandLink() {
  return (
    <a href="/" className="brand__link">
      <Logo className="brand__logo" />
      <span className="brand__title">The Spartans</span>
    </a>
  );
}
