// Work in progress: replaced by the signup feature's real screen.
export default function SignupCompletePage() {
  return null;
}
