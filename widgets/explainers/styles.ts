/**
 * The explainers's stylesheets, listed once (the design tokens first): its element adopts them into
 * its shadow root, and its component into the document when used directly.
 */
import tokensCss from '../runtime/tokens.css?inline';
import controlsCss from '../internal/controls.css?inline';
import carouselCss from '../carousel/carousel.css?inline';
import dialogCss from '../dialog/dialog.css?inline';
import explainersCss from './explainers.css?inline';

export const STYLES: readonly string[] = [
  tokensCss,
  controlsCss,
  carouselCss,
  dialogCss,
  explainersCss,
];
