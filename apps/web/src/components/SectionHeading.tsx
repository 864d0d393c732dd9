import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The heading of a section, with its id for the section's aria-labelledby, and on the same line an optional "see
 * all" link or a label (disclosed / undisclosed). `card` is the heading inside a card (tighter, no top margin).
 */
export function SectionHeading({
  id,
  title,
  more,
  aside,
  variant = 'section',
}: {
  id: string;
  title: ReactNode;
  /** A link to the full list, at the end of the line. */
  more?: { to: string; label: ReactNode };
  /** Anything else at the end of the line (a label). */
  aside?: ReactNode;
  variant?: 'section' | 'card';
}) {
  const heading = (
    <h2 id={id} className={variant === 'card' ? 'section-heading__title' : 'section-title'}>
      {title}
    </h2>
  );
  if (variant === 'section' && !more && !aside) return heading;
  return (
    <div className={variant === 'card' ? 'section-heading section-heading--card' : 'section-heading'}>
      {heading}
      {more && (
        <Link to={more.to} className="section-heading__more">
          {more.label}
        </Link>
      )}
      {aside}
    </div>
  );
}
