/**
 * The site renders the form widgets in its light DOM and ships their CSS in its
 * own stylesheets (html[data-spartan-styles=static]): the flow pages import it here.
 */
import '../../../widgets/shared-styles/forms.css';
import '../flows.css';
