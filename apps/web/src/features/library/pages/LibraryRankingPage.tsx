// Work in progress: replaced by the library feature's real screen.
export default function LibraryRankingPage() {
  return null;
}
