// Work in progress: replaced by the account feature's real screen.
export default function FriendsPage() {
  return null;
}
