/**
 * A ref that sets CSS custom properties on its element through the CSSOM. A `style` attribute in the HTML the server
 * renders is refused by the Content-Security-Policy (style-src 'self', no inline styles), and hydration would not set it
 * again; the CSSOM is allowed, and the ref runs before the browser paints. Each stylesheet gives the property a default.
 */
export function cssVars(vars: Record<string, string | number>) {
  return (element: HTMLElement | null) => {
    if (!element) return;
    for (const [name, value] of Object.entries(vars)) element.style.setProperty(name, String(value));
  };
}
