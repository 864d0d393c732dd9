import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';

export interface ChartTableRow {
  key: string | number;
  head: ReactNode;
  cells: ReactNode[];
  className?: string;
}

/** A chart's numbers as a table under "Show as a table": every figure of a canvas is also text (WCAG 1.1.1). */
export function ChartTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ChartTableRow[] }) {
  const { t } = useTranslation('health');
  return (
    <details className="health-alt">
      <summary>{t('showTable')}</summary>
      <table className="health-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.className}>
              <th scope="row">{row.head}</th>
              {row.cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
