import type { SpartanElement } from '../elements.ts';
import { defineWidget } from '../runtime/define.ts';
import { Explainers, type ExplainersProps } from './Explainers.tsx';
import { STYLES } from './styles.ts';

/** The `spartan-explainers` element: its class (undefined without a DOM) and, as a type, its instances. */
export type SpartanExplainersElement = SpartanElement<'spartan-explainers'>;
export const SpartanExplainersElement = defineWidget<ExplainersProps, 'spartan-explainers'>({
  tag: 'spartan-explainers',
  component: Explainers,
  attributes: { layout: 'string', mediaBase: 'string', heading: 'string' },
  events: {
    onVideoOpen: { name: 'spartan-video-open', detail: (url: string) => ({ url }) },
  },
  styles: STYLES,
});
