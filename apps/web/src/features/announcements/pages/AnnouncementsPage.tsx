// Work in progress: replaced by the announcements feature's real screen.
export default function AnnouncementsPage() {
  return null;
}
