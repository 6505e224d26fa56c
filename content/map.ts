/** The innovation-hubs map (docs/PRODUCT.md, "Constants"): US projection size, minimum width, zoom range. */
export const MAP = { width: 980, height: 600, minWidth: 320, minZoom: 1, maxZoom: 8 } as const;
