import { useId, type ReactNode } from 'react';

/** One card of the tool with its heading. */
export function ToolSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The line under an action that says how it went. */
export function ToolResult({ children }: { children: string }) {
  return (
    <p className="devtool__result" role="status">
      {children}
    </p>
  );
}
