import type { ReactNode } from 'react';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components/DisclosureGroup';
import './accordion.css';

export interface AccordionItem {
  readonly id: string;
  readonly title: ReactNode;
  readonly content: ReactNode;
  readonly isDisabled?: boolean;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Whether several sections may be open at once. Default false: opening a section closes the open one. */
  allowsMultipleExpanded?: boolean;
  expandedKeys?: readonly string[];
  defaultExpandedKeys?: readonly string[];
  onExpandedChange?: (keys: string[]) => void;
  /** Level of the section headings in the page outline. Default 3. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/** Collapsible sections (a button in a heading per section, aria-expanded), over React Aria's DisclosureGroup. */
export function Accordion({
  items,
  allowsMultipleExpanded = false,
  expandedKeys,
  defaultExpandedKeys,
  onExpandedChange,
  headingLevel = 3,
  className,
}: AccordionProps) {
  return (
    <DisclosureGroup
      className={['ui-accordion', className].filter(Boolean).join(' ')}
      allowsMultipleExpanded={allowsMultipleExpanded}
      expandedKeys={expandedKeys}
      defaultExpandedKeys={defaultExpandedKeys}
      onExpandedChange={(keys) => onExpandedChange?.([...keys].map(String))}
    >
      {items.map((item) => (
        <Disclosure key={item.id} id={item.id} isDisabled={item.isDisabled} className="ui-accordion-item">
          <Heading level={headingLevel} className="ui-accordion-heading">
            <Button slot="trigger" className="ui-accordion-trigger">
              <span>{item.title}</span>
              <svg
                className="ui-accordion-chevron"
                viewBox="0 0 24 24"
                width="20"
                height="20"
                aria-hidden="true"
                focusable="false"
              >
                <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Button>
          </Heading>
          <DisclosurePanel className="ui-accordion-panel">{item.content}</DisclosurePanel>
        </Disclosure>
      ))}
    </DisclosureGroup>
  );
}
