import { Fragment, type ReactNode } from 'react';

/**
 * A message template with React nodes in its `{name}` slots (a link inside a sentence): `messageNodes('Llama al
 * {phone}.', { phone: <a href="tel:…">…</a> })`. Strings and numbers are placed as text; a slot without a value is
 * left as written, like formatMessage.
 */
export function messageNodes(template: string, values: Readonly<Record<string, ReactNode>>): ReactNode {
  return template.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = name !== undefined && Object.hasOwn(values, name) ? values[name] : part;
    return <Fragment key={index}>{value}</Fragment>;
  });
}
