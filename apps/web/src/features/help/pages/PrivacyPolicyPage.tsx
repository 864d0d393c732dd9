// Work in progress: replaced by the help feature's real screen.
export default function PrivacyPolicyPage() {
  return null;
}
