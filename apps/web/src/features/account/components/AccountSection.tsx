import type { ReactNode } from 'react';
import { SectionHeading } from '../../../components/SectionHeading.tsx';

/** A card of the account pages: its heading (the section's name), an optional label on the heading line, the content. */
export function AccountSection({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className="card account-section" aria-labelledby={id}>
      <SectionHeading id={id} title={title} variant="card" aside={aside} />
      {children}
    </section>
  );
}
