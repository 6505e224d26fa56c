/**
 * `#text-input-events` in the script-tag bundles (the `preact` condition of package.json
 * "imports"): React's `onChange` on a text field fires on every keystroke, the DOM's `change`
 * only on commit. preact/compat maps one to the other for every vnode; the widgets run on
 * preact's core (widgets/runtime/react.ts), so what renders text fields brings just that
 * mapping: the form kit (Field.tsx) and, for the site, widgets/text-input.ts. With compat on the
 * page too (the site's login and staff pages, docs/REACT.md), whichever hook runs first maps the
 * prop and the other finds nothing left to do.
 */
import { options, type VNode } from 'preact';

const TEXT_FIELD = /^(?:input|textarea)$/;
const NOT_TEXT = /^(?:checkbox|radio|file)$/;

// preact's option hooks are plain functions (it calls them as options.vnode(vnode)): no `this`.
// eslint-disable-next-line @typescript-eslint/unbound-method
const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as Record<string, unknown>;
  if (
    typeof vnode.type === 'string' &&
    props.onChange &&
    TEXT_FIELD.test(vnode.type) &&
    !NOT_TEXT.test(String(props.type))
  ) {
    props.onInput = props.onChange;
    delete props.onChange;
  }
  previous?.(vnode);
};
