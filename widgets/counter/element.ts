import type { SpartanElement } from '../elements.ts';
import { defineWidget } from '../runtime/define.ts';
import { WealthCounter, type WealthCounterProps } from './WealthCounter.tsx';
import { STYLES } from './styles.ts';

/** The `spartan-counter` element: its class (undefined without a DOM) and, as a type, its instances. */
export type SpartanCounterElement = SpartanElement<'spartan-counter'>;
export const SpartanCounterElement = defineWidget<WealthCounterProps, 'spartan-counter'>({
  tag: 'spartan-counter',
  component: WealthCounter,
  attributes: { startDate: 'string', label: 'string' },
  styles: STYLES,
});
