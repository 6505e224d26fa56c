/**
 * A paged story page: titled sections chosen from a collapsible sidebar
 * (large screens, 12 rem, 0.5 s, starts open) or a scrolling tab row (small
 * screens): one tab list styled per breakpoint. Next cycles to the following
 * section and wraps to the first; the wealth fund counter closes the page.
 */
import { useId, useState, type ReactNode } from 'react';
import { FundCounter } from './FundCounter.tsx';
import { PageIntro } from './PageIntro.tsx';
import { useTabs } from './tabs.ts';
import '../styles/story.css';

export interface StorySection {
  id: string | number;
  /** Label in the section list. */
  label: string;
  content: ReactNode;
}

export interface StoryPageProps {
  title: string;
  eyebrow: string;
  intro?: ReactNode;
  sections: readonly StorySection[];
  /** Label of the section list. */
  listLabel: string;
  /** Extra controls under the section (e.g. the white paper's buttons). */
  footer?: (selected: number, api: { focusList: () => void }) => ReactNode;
}

/**
 * A section's label; a numbered one ("3. About This Paper") as its number and its title, so that
 * in the sidebar a title that wraps starts its second line under its first word, not the number.
 */
function TabLabel({ label }: { label: string }) {
  const numbered = /^(\d+\.)\s+(.*)$/.exec(label);
  if (!numbered) return <>{label}</>;
  return (
    <>
      <span className="story__tab-number">{numbered[1]}</span>{' '}
      <span className="story__tab-title">{numbered[2]}</span>
    </>
  );
}

export function StoryPage({ title, eyebrow, intro, sections, listLabel, footer }: StoryPageProps) {
  const tabs = useTabs({ count: sections.length });
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const listId = useId();
  const next = (tabs.selected + 1) % sections.length;
  // Whether the list was just called up (Go to Page / Chapter): it lights up briefly.
  const [called, setCalled] = useState(false);
  // What Next just showed, for screen readers: focus stays on Next (so that it can be pressed
  // again), and the panel that changed elsewhere on the page would otherwise go unannounced.
  const [shown, setShown] = useState('');
  const focusList = () => {
    setSidebarOpen(true);
    setCalled(true);
    requestAnimationFrame(() => {
      const tab = document.getElementById(tabs.tabId(tabs.selected));
      tab?.scrollIntoView?.({ block: 'nearest' });
      // A ring even after a click (focusVisible; older browsers ignore it): the move is seen.
      tab?.focus({ preventScroll: true, focusVisible: true } as FocusOptions);
    });
  };
  return (
    <div className="page story" data-sidebar={sidebarOpen ? 'open' : 'closed'}>
      <PageIntro title={title} eyebrow={eyebrow}>
        {intro}
      </PageIntro>
      <div className="story__layout">
        <div className="story__nav">
          <button
            type="button"
            className="story__collapse"
            aria-expanded={sidebarOpen}
            aria-controls={listId}
            onClick={() => setSidebarOpen(!sidebarOpen)}
          >
            <span aria-hidden="true" className="story__collapse-icon">
              {sidebarOpen ? '«' : '»'}
            </span>
            {sidebarOpen ? 'Hide sections' : 'Show sections'}
          </button>
          <div
            id={listId}
            className="story__list"
            role="tablist"
            aria-label={listLabel}
            data-called={called || undefined}
            onAnimationEnd={() => setCalled(false)}
          >
            {sections.map((section, i) => (
              <button key={section.id} className="story__tab" {...tabs.tabProps(i)}>
                <TabLabel label={section.label} />
              </button>
            ))}
          </div>
        </div>
        <div className="story__body">
          {sections.map((section, i) => (
            <div key={section.id} className="story__panel" {...tabs.panelProps(i)}>
              {section.content}
            </div>
          ))}
          <div className="story__actions">
            {footer?.(tabs.selected, { focusList })}
            <button
              type="button"
              className="button button--dark story__next"
              onClick={() => {
                tabs.select(next);
                setShown(
                  `Showing ${sections[next]?.label ?? ''}, ${next + 1} of ${sections.length}`,
                );
              }}
            >
              Next<span className="spartan-visually-hidden">: {sections[next]?.label}</span>
              <span aria-hidden="true"> →</span>
            </button>
            <p className="spartan-visually-hidden" role="status">
              {shown}
            </p>
          </div>
        </div>
      </div>
      <FundCounter />
    </div>
  );
}
