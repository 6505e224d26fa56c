import type { SpartanElement } from '../elements.ts';
import { defineWidget } from '../runtime/define.ts';
import { StateBanner, type StateBannerProps } from './StateBanner.tsx';
import { STYLES } from './styles.ts';

/** The `spartan-banner` element: its class (undefined without a DOM) and, as a type, its instances. */
export type SpartanBannerElement = SpartanElement<'spartan-banner'>;
export const SpartanBannerElement = defineWidget<StateBannerProps, 'spartan-banner'>({
  tag: 'spartan-banner',
  component: StateBanner,
  attributes: { message: 'string' },
  events: {
    onLetterChange: { name: 'spartan-letter', detail: (letter: string) => ({ letter }) },
  },
  styles: STYLES,
});
