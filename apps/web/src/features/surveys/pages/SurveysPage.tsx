// Work in progress: replaced by the surveys feature's real screen.
export default function SurveysPage() {
  return null;
}
