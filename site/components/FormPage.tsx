import type { ReactNode } from 'react';

export interface FormPageProps {
  eyebrow: string;
  title: string;
  tagline: string;
  /** The form. */
  children: ReactNode;
  aside: { title: string; text: string; links: Array<{ href: string; label: string }> };
}

/** An application page: its title block, the form, and a side panel of links. */
export function FormPage({ eyebrow, title, tagline, children, aside }: FormPageProps) {
  return (
    <div className="page flow-page">
      <div className="flow-page__intro">
        <p className="page-intro__eyebrow">{eyebrow}</p>
        <h1 className="page-intro__title">{title}</h1>
        <p className="flow-page__tagline">{tagline}</p>
      </div>
      <div className="flow-page__layout">
        {children}
        <aside className="flow-page__aside" aria-label="Learn more">
          <h2 className="flow-page__aside-title">{aside.title}</h2>
          <p>{aside.text}</p>
          <div className="flow-page__aside-links">
            {aside.links.map((link, i) => (
              <a
                key={link.href}
                className={i === 0 ? 'button button--gold' : 'button button--outline'}
                href={link.href}
              >
                {link.label}
              </a>
            ))}
          </div>
        </aside>
      </div>
    </div>
  );
}
