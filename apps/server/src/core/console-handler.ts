// The console's handler kit (issue 15): what a console handler is and the context the console entry hands it. Like
// handler.ts it sits below the domains, so a domain never imports the console entry.
import type { z } from 'zod';
import type { AuditAction } from '@hibi/contract/console/index';
import type { ConsoleErrorCodeOf, ConsoleFunctionDef, ConsoleResponseOf, OperatorRole } from '@hibi/contract/console/protocol';
import type { CsvFile } from '../lib/csv.ts';
import type { ZipDownload } from '../lib/export-zip.ts';
import type { BaseContext, BusinessFailure } from './handler.ts';

/** The signed-in operator, as the console entry resolved it from the session cookie or bearer token. */
export interface ConsoleOperator {
  id: number;
  email: string;
  displayName: string;
  role: OperatorRole;
  /** A company operator's one tenant (null for the other roles). */
  tenantId: number | null;
  sessionId: number;
  sessionExpiresAt: Date;
  /** When the session began (every console sign-in starts with the password): a passkey may be added within 5 minutes. */
  sessionCreatedAt?: Date;
}

/** What an audit row says about a call beside who, when and which function. */
export interface AuditNote {
  targetType?: string | null;
  targetId?: string | number | null;
  summary?: string;
}

/** The raw body of an `upload` function. */
export interface Upload {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** The member entry's context without the members' web session (operators have their own cookie, below). */
export type ConsoleContext<F extends ConsoleFunctionDef = ConsoleFunctionDef> = BaseContext & {
  operator: F['auth'] extends 'none' ? ConsoleOperator | null : ConsoleOperator;
  /** Says what the audit row of this call records (audited functions; the entry writes the row after success). */
  note(note: AuditNote): void;
  /** Writes an audit row now (sign-in outcomes, which happen before there is an operator in the context). */
  audit(row: AuditNote & { action: AuditAction; operatorId: number | null; operatorEmail: string | null }): Promise<void>;
  /** Starts the browser session: sets the HttpOnly cookie. */
  setSessionCookie(token: string, expiresAt: Date): void;
  clearSessionCookie(): void;
  /** The file of an `upload` function (empty otherwise). */
  upload: Upload | null;
};

/** What a handler returns: its response, a business failure, or (a function of kind `csv`) the file to stream. */
export type ConsoleHandlerResult<F extends ConsoleFunctionDef> =
  z.input<F['response']> | ConsoleResponseOf<F> | BusinessFailure<ConsoleErrorCodeOf<F>> | CsvFile | ZipDownload;

/**
 * What the console entry does around a handler beside what its contract says (the contract's `audited`, `roles`,
 * `kind`): policy declared where the function is defined, never read from its name (decision 183).
 */
export interface ConsolePolicy {
  /**
   * The call writes an item that may carry an upload or changes who sees one (content, events, surveys): after its
   * success the media uses are read again, so a file a contract-only item uses turns private at once (decision 144).
   */
  refreshesMedia?: boolean;
  /**
   * A company operator may name only its own tenant in the payload's `tenantId` (docs/requirements/insights.md#insights-company-role): any other is
   * refused 403 and the denial audited. Every function a company operator may call with a `tenantId` declares it.
   */
  tenantBound?: boolean;
}

export interface ConsoleHandler<F extends ConsoleFunctionDef = ConsoleFunctionDef> extends ConsolePolicy {
  def: F;
  run(payload: z.output<F['payload']>, ctx: ConsoleContext<F>): Promise<ConsoleHandlerResult<F>>;
}

export function defineConsoleHandler<F extends ConsoleFunctionDef>(
  def: F,
  run: (payload: z.output<F['payload']>, ctx: ConsoleContext<F>) => Promise<ConsoleHandlerResult<F>>,
  policy: ConsolePolicy = {},
): ConsoleHandler<F> {
  return { def, run, ...policy };
}
