// Work in progress: replaced by the account feature's real screen.
export default function FriendProfilePage() {
  return null;
}
