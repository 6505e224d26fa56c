import { defineWidget } from '../runtime/define.ts';
import { WealthCounter, type WealthCounterProps } from './WealthCounter.tsx';
import { STYLES } from './styles.ts';

export const SpartanCounterElement = defineWidget<WealthCounterProps>({
  tag: 'spartan-counter',
  component: WealthCounter,
  attributes: { startDate: 'string', label: 'string' },
  styles: STYLES,
});
