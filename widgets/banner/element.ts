import { defineWidget } from '../runtime/define.ts';
import { StateBanner, type StateBannerProps } from './StateBanner.tsx';
import { STYLES } from './styles.ts';

export const SpartanBannerElement = defineWidget<StateBannerProps>({
  tag: 'spartan-banner',
  component: StateBanner,
  attributes: { message: 'string' },
  events: {
    onLetterChange: { name: 'spartan-letter', detail: (letter: string) => ({ letter }) },
  },
  styles: STYLES,
});
