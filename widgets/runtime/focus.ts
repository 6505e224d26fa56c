/**
 * The focused element of the tree `node` is in. Inside a widget's shadow root, the document's
 * `activeElement` is only the host: the shadow root's own is the element within it. On a page
 * (the React library, the site), the root is the document and this is its `activeElement`.
 */
export function activeIn(node: Node): Element | null {
  return (node.getRootNode() as Document | ShadowRoot).activeElement;
}
