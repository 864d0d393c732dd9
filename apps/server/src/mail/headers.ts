/**
 * Header fields a mail may carry beside its body (issue 55, docs/decisions/178-online-sessions-reminders-and-check-in.md):
 * kept with the outbox row (`headers`, migration 0860) and added by the sender. Generic on purpose: any mail a member
 * can turn off (event reminders today, a magazine later) says where, in one place.
 */

export interface UnsubscribeTarget {
  /** An https (or, on a developer's machine, http) page where the member changes the setting. */
  url: string;
  /** An address that turns the mail off when written to, if one is read by something; none today. */
  mailto?: string;
  /**
   * RFC 8058 one-click: the `url` itself takes a POST of `List-Unsubscribe=One-Click` and turns the mail off without
   * a sign-in. Only for a URL that does that (a signed per-member link); a settings page must leave this off.
   */
  oneClick?: boolean;
}

/** `List-Unsubscribe` (RFC 2369) and, for a one-click URL, `List-Unsubscribe-Post` (RFC 8058). */
export function listUnsubscribeHeaders(target: UnsubscribeTarget): Record<string, string> {
  const links = [`<${target.url}>`, ...(target.mailto ? [`<mailto:${target.mailto}>`] : [])];
  return {
    'List-Unsubscribe': links.join(', '),
    ...(target.oneClick ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
  };
}
