// Work in progress: replaced by the announcements feature's real screen.
export default function AnnouncementPage() {
  return null;
}
