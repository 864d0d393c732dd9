// Work in progress: the home section of this feature.
export default function HomeAnnouncements() {
  return null;
}
