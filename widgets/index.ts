/** npm library: the widgets as React components. Importing this defines no element. */
export { WealthCounter, type WealthCounterProps } from './counter/WealthCounter.tsx';
export { StateBanner, type StateBannerProps } from './banner/StateBanner.tsx';
export { defineWidget, type WidgetDefinition, type AttributeType } from './internal/define.ts';
