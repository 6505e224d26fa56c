/** A tab list with its panels (WAI-ARIA tabs pattern). */
import type { ReactNode } from 'react';
import { useTabs } from './tabs.ts';
import '../styles/tabs.css';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem[];
  className?: string;
}

export function Tabs({ label, tabs, className }: TabsProps) {
  const t = useTabs({ count: tabs.length });
  return (
    <div className={`tabs ${className ?? ''}`}>
      <div className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, i) => (
          <button key={tab.id} className="tabs__tab" {...t.tabProps(i)}>
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div key={tab.id} className="tabs__panel" {...t.panelProps(i)}>
          {tab.content}
        </div>
      ))}
    </div>
  );
}
