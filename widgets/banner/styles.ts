/**
 * The banner's stylesheets, listed once (the design tokens first): its element adopts them into
 * its shadow root, and its component into the document when used directly.
 */
import tokensCss from '../runtime/tokens.css?inline';
import bannerCss from './banner.css?inline';

export const STYLES: readonly string[] = [tokensCss, bannerCss];
