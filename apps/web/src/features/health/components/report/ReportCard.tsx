import type { ReactNode } from 'react';

/** One card of the report: its heading (named for the section) and its content. */
export function ReportCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card health-report-card" aria-labelledby={id}>
      <h2 id={id} className="health-report-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
