import { defineWidget } from '../runtime/define.ts';
import { WealthCounter, type WealthCounterProps } from './WealthCounter.tsx';
import counterCss from './counter.css?inline';

export const SpartanCounterElement = defineWidget<WealthCounterProps>({
  tag: 'spartan-counter',
  component: WealthCounter,
  attributes: { startDate: 'string', label: 'string' },
  styles: [counterCss],
});
