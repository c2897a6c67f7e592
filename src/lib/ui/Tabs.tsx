import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components/Tabs';
import './tabs.css';

export interface TabItem {
  readonly id: string;
  readonly label: ReactNode;
  readonly content: ReactNode;
  readonly isDisabled?: boolean;
}

export interface TabsProps {
  /** Accessible name of the tab list. */
  'aria-label': string;
  items: readonly TabItem[];
  selectedKey?: string;
  defaultSelectedKey?: string;
  onSelectionChange?: (key: string) => void;
  className?: string;
}

/** Tabs with their panels (tablist / tab / tabpanel, arrow-key navigation), over React Aria's Tabs. */
export function Tabs({
  'aria-label': ariaLabel,
  items,
  selectedKey,
  defaultSelectedKey,
  onSelectionChange,
  className,
}: TabsProps) {
  return (
    <AriaTabs
      className={['ui-tabs', className].filter(Boolean).join(' ')}
      selectedKey={selectedKey}
      defaultSelectedKey={defaultSelectedKey}
      onSelectionChange={(key) => onSelectionChange?.(String(key))}
      disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
    >
      <TabList className="ui-tab-list" aria-label={ariaLabel} items={items}>
        {(item) => (
          <Tab id={item.id} className="ui-tab">
            {item.label}
          </Tab>
        )}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className="ui-tab-panel">
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
