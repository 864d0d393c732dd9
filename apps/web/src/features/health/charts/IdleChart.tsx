import { useEffect, useState, type ComponentProps } from 'react';
import { Chart as ReactChart } from 'react-chartjs-2';

type ChartProps = ComponentProps<typeof ReactChart>;

/**
 * A chart drawn once the browser is idle. Chart.js builds and draws a chart in one go (about 40 ms on a phone for the
 * home's steps chart); on a page the server rendered that came on top of the hydration's own work, one long task that
 * held a tap back (total blocking time, issue 17). Until then the canvas is the empty one the server rendered (the
 * same element and attributes as react-chartjs-2's), so nothing moves: the chart's box is sized by its stylesheet.
 */
export function IdleChart(props: ChartProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setReady(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setReady(true), { timeout: 500 });
    return () => cancelIdleCallback(handle);
  }, []);
  if (ready) return <ReactChart {...props} />;
  const { height = 150, width = 300, role, 'aria-label': label } = props;
  return <canvas role={role} height={height} width={width} aria-label={label} />;
}
