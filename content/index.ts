/**
 * The static content of the product (SPEC section 3) and its constants
 * (section 9). Widgets and site pages read from here; nothing is duplicated.
 */
export * from './constants.ts';
export * from './states.ts';
export * from './forms.ts';
export * from './videos.ts';
export * from './hubs.ts';
export * from './site.ts';
