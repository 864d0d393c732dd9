// Work in progress: the home section of this feature.
export default function HomeEvents() {
  return null;
}
