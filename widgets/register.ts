/** npm library: importing this defines every `spartan-*` element (each tag once). */
export { SpartanCounterElement } from './counter/element.ts';
export { SpartanBannerElement } from './banner/element.ts';
