// Work in progress: replaced by the health feature's real screen.
export default function HealthStatsPage() {
  return null;
}
