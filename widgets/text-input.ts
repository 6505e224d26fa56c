/**
 * Imported for its effect by site modules that render their own text fields: in the browser
 * builds, a text field's `onChange` fires on every keystroke, as in React (docs/REACT.md). The
 * site's one route to `#text-input-events`, which resolves into widgets/internal/.
 */
import '#text-input-events';
