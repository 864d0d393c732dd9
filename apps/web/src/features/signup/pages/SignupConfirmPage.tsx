// Work in progress: replaced by the signup feature's real screen.
export default function SignupConfirmPage() {
  return null;
}
