// Work in progress: the home section of this feature.
export default function HomeCharts() {
  return null;
}
