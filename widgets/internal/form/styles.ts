/**
 * The two application forms' stylesheets, listed once (the design tokens first): their elements
 * adopt them into their shadow roots, and the form frame into the document when used directly.
 */
import tokensCss from '../../runtime/tokens.css?inline';
import applicationCss from './application.css?inline';
import formCss from './form.css?inline';

export const APPLICATION_STYLES: readonly string[] = [tokensCss, formCss, applicationCss];
