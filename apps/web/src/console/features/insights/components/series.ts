// How the insights' charts tell their series apart (issue 55): a colour of its own for each of the first eight
// (styles/tokens.css --chart-series-1..8, at least 3:1 against the surface in both themes), and a point shape and a
// line dash besides, so that no two series look the same even without colour, and none before the 56th repeats.

/** The series colours' tokens. */
export const SERIES_COLOURS = Array.from({ length: 8 }, (_, i) => `--chart-series-${i + 1}`);
/** Chart.js point styles, in the order the series take them. */
export const SERIES_POINTS = ['circle', 'rect', 'triangle', 'rectRot', 'crossRot', 'star', 'rectRounded'] as const;
/** Line dashes (Chart.js borderDash), in the order the series take them. */
export const SERIES_DASHES: readonly (readonly number[])[] = [[], [6, 4], [2, 3], [10, 3, 2, 3]];

export interface SeriesStyle {
  colour: string;
  point: (typeof SERIES_POINTS)[number];
  dash: readonly number[];
}

/** The i-th series' look: its colour's token, point shape and dash. */
export function seriesStyle(i: number): SeriesStyle {
  return {
    colour: SERIES_COLOURS[i % SERIES_COLOURS.length]!,
    point: SERIES_POINTS[i % SERIES_POINTS.length]!,
    dash: SERIES_DASHES[i % SERIES_DASHES.length]!,
  };
}
