// Work in progress: replaced by the password feature's real screen.
export default function SetPasswordPage() {
  return null;
}
