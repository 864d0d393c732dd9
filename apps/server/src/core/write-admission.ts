/**
 * Reads first (issue 31, decision 162). On a saturated machine, every write the server takes on (a step upload, its
 * notify, a booking) costs CPU that the reads then wait for, in PostgreSQL and in this process; cheaper writes only
 * let more of them in (decision 160's addendum). So the function entry admits writes by the reads' own speed:
 *
 * - Every reading call's time is noted. Each `windowMs` that held at least `minReads` of them, their 90th percentile
 *   is judged against `readTargetMs`.
 * - Slower: the share of writes admitted shrinks by a quarter (not below `minShare`), and deeper when the reads are
 *   far slower than the target: by three times the target's ratio to the percentile, to a quarter of the share at
 *   most. Reads at up to four times the target cut a quarter; a process that starts cold under full load (every kept
 *   answer and session still to be read: reads of seconds) cuts its writes to a quarter at the first window.
 *   Within the target: it grows by `step` up to all of them. Too few reads to judge: it grows too, so an idle or
 *   write-only process admits all.
 * - A write that is not admitted is answered at once with 503 `serviceUnavailable` and a Retry-After, before it
 *   touches the database or reads its caller's session: nothing is written, and the client tries again later (the
 *   mobile app keeps its steps until an upload is acknowledged).
 *
 * The share is kept by a running credit rather than by chance: with a share of 0.4, two writes of every five get in,
 * evenly spread.
 *
 * No single client steers it (issue 53, decision 174): the reads of a window are counted a few per client at most
 * (`readsPerClient`; a member by their account, a caller without a session by their address), so one address flooding
 * slow reads fills no window by itself. The entry leaves out the reads whose time their caller chooses (searches,
 * downloads). And the share is for members' writes: sign-ins are never held back by it (only by the bound), writes
 * that carry no session at all are held back first (at the share's square).
 *
 * And a bound on the writes in flight in this process (`maxInFlight`): in a booking storm, thousands of calls waited
 * seconds each for a connection or a row lock, and the heap grew to hold them all. V8 keeps the pages of its largest
 * heap resident, so each process's RSS stayed some 130 MB higher for good after the first storm. Beyond the bound a
 * write is answered 503 at once, like the share's refusals.
 */
export interface AdmissionRules {
  /** The reads' 90th percentile a window may have before writes are held back (WRITE_ADMISSION_READ_TARGET_MS). */
  readTargetMs: number;
  /** Length of a judged window. */
  windowMs: number;
  /** Fewer reads than this in a window: too few to judge (a person clicking through the app never holds writes back). */
  minReads: number;
  /** The smallest share of writes admitted: some always get in. */
  minShare: number;
  /** What a window within the target adds to the share. */
  step: number;
  /** Writes in flight in this process beyond which a new one is refused. */
  maxInFlight: number;
  /** At most this many reads of one client (`readTook`'s `client`) count in a window; the rest of its reads do not. */
  readsPerClient: number;
}

/**
 * Who a write is for (decision 174): a sign-in (never held back by the share, only by the bound), a call that carries
 * a session (held back at the share), or one that carries none (held back first: at the share's square).
 */
export type WriteKind = 'signIn' | 'member' | 'anonymous';

export const DEFAULT_ADMISSION_RULES: Omit<AdmissionRules, 'readTargetMs'> = {
  windowMs: 500,
  minReads: 30,
  minShare: 0.02,
  step: 0.05,
  maxInFlight: 128,
  readsPerClient: 3,
};

/** What a judged window changed: the entry logs the moments writes start and stop being held back. */
export interface AdmissionChange {
  share: number;
  previous: number;
  readP90Ms: number;
  reads: number;
  /** Writes refused while the share was below 1 (when it is back to 1). */
  refused: number;
}

/** The bound on writes in flight was reached (`full`), or the writes in flight came down to half of it (`room`). */
export interface InFlightChange {
  state: 'full' | 'room';
  /** Writes refused for the bound since it was reached (with `room`). */
  refused: number;
}

export class WriteAdmission {
  /** The share of writes admitted now, from `minShare` to 1. */
  share = 1;
  /** Writes admitted and not yet ended (`writeEnded`). */
  inFlight = 0;
  private full = false;
  private refusedFull = 0;
  private credit = 0;
  private anonymousCredit = 0;
  private times: number[] = [];
  /** The reads counted in this window per client. */
  private perClient = new Map<string, number>();
  private windowStart: number;
  /** Writes refused since the share was last 1. */
  private refused = 0;

  private readonly onShare: (change: AdmissionChange) => void;
  private readonly onInFlight: (change: InFlightChange) => void;

  constructor(
    readonly rules: AdmissionRules,
    /** Told when writes start or stop being held back for the reads (`onShare`) or for the bound (`onInFlight`). */
    hooks: { onShare?: (change: AdmissionChange) => void; onInFlight?: (change: InFlightChange) => void } = {},
    now = performance.now(),
  ) {
    this.onShare = hooks.onShare ?? (() => {});
    this.onInFlight = hooks.onInFlight ?? (() => {});
    this.windowStart = now;
  }

  /** Whether a write may run now; one that may must be followed by `writeEnded` once it is answered. */
  admitWrite(now = performance.now(), kind: WriteKind = 'member'): boolean {
    this.judge(now);
    if (this.inFlight >= this.rules.maxInFlight) {
      if (!this.full) this.onInFlight({ state: 'full', refused: 0 });
      this.full = true;
      this.refusedFull++;
      return false;
    }
    // Each kind has its own credit, so that the anonymous writes' refusals never use up the members' share.
    if (this.share < 1 && kind === 'member') {
      this.credit += this.share;
      if (this.credit < 1) {
        this.refused++;
        return false;
      }
      this.credit -= 1;
    } else if (this.share < 1 && kind === 'anonymous') {
      this.anonymousCredit += this.share * this.share;
      if (this.anonymousCredit < 1) {
        this.refused++;
        return false;
      }
      this.anonymousCredit -= 1;
    }
    this.inFlight++;
    return true;
  }

  /** An admitted write was answered. */
  writeEnded(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    // Said once the writes in flight are down to half the bound, not at every place given back: in a storm, the bound
    // is reached and left again hundreds of times a minute.
    if (this.full && this.inFlight <= this.rules.maxInFlight / 2) {
      this.onInFlight({ state: 'room', refused: this.refusedFull });
      this.full = false;
      this.refusedFull = 0;
    }
  }

  /**
   * A reading call of `client` took `ms` (from when the entry took it up to its answer). Beyond `readsPerClient` of the
   * same client in this window it is not counted: a window is judged by many callers' reads, never by one's.
   */
  readTook(ms: number, client: string, now = performance.now()): void {
    this.judge(now);
    const counted = this.perClient.get(client) ?? 0;
    if (counted >= this.rules.readsPerClient) return;
    this.perClient.set(client, counted + 1);
    this.times.push(ms);
  }

  /** Ends the window when its time is up: the share follows the reads' 90th percentile in it. */
  private judge(now: number): void {
    const elapsed = Math.floor((now - this.windowStart) / this.rules.windowMs);
    if (elapsed < 1) return;
    const previous = this.share;
    const reads = this.times.length;
    let p90 = 0;
    if (reads >= this.rules.minReads) {
      this.times.sort((a, b) => a - b);
      p90 = this.times[Math.ceil(reads * 0.9) - 1]!;
    }
    // A target of 0: the reads' speed holds no write back (the bound on writes in flight still does). The windows after
    // this one, when no call came, held no read: each of them adds its step too.
    if (this.rules.readTargetMs > 0 && p90 > this.rules.readTargetMs) {
      const cut = Math.min(0.75, Math.max(0.25, (3 * this.rules.readTargetMs) / p90));
      this.share = Math.max(this.rules.minShare, this.share * cut) + (elapsed - 1) * this.rules.step;
    } else this.share += elapsed * this.rules.step;
    this.share = Math.min(1, this.share);
    this.times = [];
    this.perClient.clear();
    this.windowStart += elapsed * this.rules.windowMs;
    if (previous >= 1 !== this.share >= 1) this.onShare({ share: this.share, previous, readP90Ms: p90, reads, refused: this.refused });
    if (this.share >= 1) {
      this.credit = 0;
      this.anonymousCredit = 0;
      this.refused = 0;
    }
  }
}
