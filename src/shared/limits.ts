/**
 * Every size, count, rate and time limit of the app, with why it is what it is: the server, Electron main and the
 * renderer read them from here. A key ends with its unit (Bytes, Chars, Ms, Seconds, Minutes, Hours, Cents) or counts
 * what it names. A limit the environment can change keeps its variable (named in `env`); the value here is its default.
 *
 * Limits that live in SQL (and are not read from here):
 * - a card's review target: gift_card_offers.review_minutes, default 60 and 1 to 10080 (migrations/0029_baseline.sql,
 *   functions/gift_cards_review_due.sql); `review.targetMaxMinutes` is the same bound for the forms;
 * - the login throttle's doubling stops at 2^20 (functions/login_attempt.sql); its numbers are `auth.*` below;
 * - a rejection reason's remedy is at most `text.remedyChars` characters in the table too (migrations/0032_reject_remedies.sql);
 * - a decision's proof holds at most `review.proofRegions` boxes in the table too (migrations/0038_decision_proof.sql);
 * - an appeal's note and its answer are at most `text.appealNoteChars` characters in the table too (migrations/0033_card_appeals.sql);
 * - a linked sellers' known-good note is at most `text.linkNoteChars` characters in the table too (migrations/0041_seller_links.sql);
 *   one card, photo or payout written links its seller with at most 100 other sellers (functions/gift_cards_link.sql,
 *   functions/seller_links_photo.sql).
 */

/** One limit: its value in the unit its key ends with, why, and the environment variable that overrides it, if any. */
export interface Limit {
  readonly value: number;
  readonly why: string;
  readonly env?: string;
}

const KiB = 1024;
const MiB = 1024 * KiB;
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const MAX_IMAGE_PIXELS = 40_000_000;

export const LIMITS = {
  uploads: {
    imageBytes: { value: 5 * MiB, why: 'A phone photo of a card is far smaller; an upload holds imagesPerRequest of them in memory' },
    imagesPerRequest: { value: 10, why: 'A card has a front, a back and a few receipts; bounds the memory one upload holds' },
    fieldsPerRequest: { value: 50, why: 'Far more than any form of this app has' },
    fieldBytes: { value: 64 * KiB, why: 'A multipart text field is at most a 5,000-character description, as a JSON body' },
    partsPerRequest: { value: 80, why: 'Files and fields together, with room to spare' },
    slotsPerUser: { value: 2, why: 'Uploads one user reads at once: a second window may send while the first does' },
    slotsTotal: { value: 8, why: 'Uploads read at once in one server process: 8 x 10 x 5 MiB bounds their memory' },
    slotsStaffReserved: { value: 2, why: 'Of slotsTotal, kept for staff: a crowd of sellers never shuts out a staff comment photo' },
    minBytesPerSecond: { value: 16 * KiB, why: 'An upload slower than this on average holds a slot for nothing (slowloris); it is cut' },
    paceGraceMs: { value: 5 * SECOND_MS, why: "An upload's pace is judged only after this, so a slow start is not cut" },
    answerWithinMs: {
      value: 40 * SECOND_MS,
      why: 'A write with uploads answers within this once its body is read: inside http.idleMs, so the client hears it',
    },
  },
  images: {
    pixels: { value: MAX_IMAGE_PIXELS, why: 'A 40-megapixel photo is more than any phone takes of a card' },
    decodedBytes: {
      value: MAX_IMAGE_PIXELS * 4,
      why: 'Memory a decode costs (width x height x channels x bytes per channel, per the header): 40 MP of 8-bit RGBA',
    },
    decodesAtOnce: { value: 2, why: "libuv's pool has 4 threads; password hashing and file reads need theirs" },
    dbSliceBytes: { value: 256 * KiB, why: 'Bytes read per query when serving a photo from the database: a typical photo is one query' },
    urlTtlSeconds: { value: 10 * 60, why: 'A signed photo URL is good this long (at least), long enough to look at a page' },
    urlRoundSeconds: { value: 5 * 60, why: "Expiries are rounded up to this, so a page's photo URLs (and the cache) stay stable" },
  },
  http: {
    headersMs: { value: 10 * SECOND_MS, why: 'A client that has not sent its headers by then is not sending a request' },
    requestMs: { value: 30 * SECOND_MS, why: 'The whole request, body included: a client that trickles one in is dropped' },
    idleMs: { value: 60 * SECOND_MS, why: 'No byte either way for this long: the connection is dropped (event streams beat well within)' },
    keepAliveMs: {
      value: 60 * SECOND_MS,
      why: "Longer than clients' own (a few seconds), so the client closes first and never races the server",
    },
    checkEveryMs: { value: SECOND_MS, why: 'How often Node checks the headers and request limits' },
    bodyBytes: { value: MiB, why: 'Any body not JSON, a form or multipart; those have their own limits' },
    jsonBytes: { value: 64 * KiB, why: 'Room for the largest JSON body (a 5,000-character description, a bulk review of 50 cards)' },
    jsonDepth: { value: 16, why: 'Far deeper than any body of this API; checked before parsing, so a deep one costs nothing' },
    compressAboveBytes: { value: KiB, why: 'Smaller answers cost more to compress than they save' },
    shutdownMs: { value: 15 * SECOND_MS, why: 'A server that has not closed by then exits anyway' },
    backupLineChars: { value: 10_000, why: "A backup request on the control socket is one short line (a file's path)" },
  },
  lists: {
    cardsPerPage: { value: 5, why: 'The spec: the gift card lists show 5 a page' },
    commentsPerPage: { value: 5, why: "The spec: a card's comments show 5 a page" },
    offersPerPage: { value: 10, why: 'The spec: offers show 10 a page' },
    usersPerPage: { value: 10, why: 'The spec: users show 10 a page' },
    sellersPerPage: { value: 10, why: 'The spec: sellers show 10 a page' },
    transactionsPerPage: { value: 10, why: 'The spec: transactions show 10 a page' },
    historyPerPage: { value: 10, why: "A card's history shows 10 entries a page, as transactions" },
    inboxPerPage: { value: 10, why: "The seller's inbox shows 10 items a page: a screenful of one-line items" },
    auditPerPage: { value: 25, why: 'Audit entries are one line each; 25 fill a screen' },
    appealsPerPage: { value: 25, why: "Staff's appeals queue: one line per appeal, a screen of them" },
    totalCap: { value: 10_000, why: 'A filtered total is counted up to this ("10,000+"): counting further costs more than it tells' },
    searchTotalCap: {
      value: 1_000,
      why: 'A search narrows as it is typed: past 1,000 the next letter tells more; counting 10,000 cost 4 pages per keystroke',
    },
    searchChars: { value: 64, why: 'Longer than any name, email or code searched for' },
    cursorChars: { value: 1_500, why: 'A page cursor is a sort key, a value and an id; a longer one was not made by this server' },
  },
  offers: {
    fixedPrices: { value: 50, why: "An offer's fixed prices: a select of them must stay usable" },
    holdMaxDays: { value: 365, why: "A payout hold (an offer's, or one staff place): at most a year; the table checks it too" },
  },
  reports: {
    maxDays: { value: 366, why: 'A report covers at most a year (a leap year included)' },
  },
  text: {
    passwordChars: { value: 1024, why: 'Hashing a longer password costs the server for nothing' },
    passwordMinChars: { value: 6, why: 'The spec: a password is at least 6 characters' },
    descriptionChars: { value: 5000, why: "A card's description or a comment: a few paragraphs" },
    noteChars: { value: 1000, why: "A reviewer's reject note or override reason: a few sentences" },
    holdReasonChars: { value: 500, why: 'Why a payout is held: a sentence or two, shown to the seller (the table checks it too)' },
    linkNoteChars: { value: 500, why: 'Why two linked sellers are known-good: a sentence or two (the table checks it too)' },
    disputeNoteChars: { value: 2000, why: 'A dispute or its resolution: a longer account than a reject note' },
    appealNoteChars: { value: 2000, why: "A seller's appeal or staff's answer to it: an account like a dispute's (SQL checks it too)" },
    remedyChars: {
      value: 600,
      why: "What a seller should do about a rejection reason: a short paragraph (shown in a notification's body too)",
    },
    cardNumberChars: { value: 100, why: 'Longer than any gift card number' },
    codeChars: { value: 100, why: "A payout's code (the payment's reference): longer than any bank or wallet reference" },
  },
  auth: {
    tokenTtlHours: { value: 12, why: 'A sign-in lasts a working day', env: 'TOKEN_TTL_HOURS' },
    loginFreePerPair: { value: 5, why: 'Tries of one account from one address before each waits (OWASP): enough for typos' },
    loginFreePerAddress: { value: 30, why: 'Tries from one address on any accounts: an office behind one address signs in' },
    loginFreePerAccount: { value: 50, why: 'Tries on one account from any addresses: guesses spread over many addresses' },
    loginOwnFailures: { value: 3, why: 'The account ceiling holds back only addresses with this many failures of their own' },
    loginWindowSeconds: { value: 15 * 60, why: 'Failed tries are counted over this window' },
    loginBaseDelaySeconds: { value: 2, why: 'The first wait past the free tries; it doubles with each further try' },
    loginAccountBaseDelaySeconds: { value: 60, why: "The first wait once an account's ceiling is reached: a spread attack" },
    loginMaxDelaySeconds: { value: 15 * 60, why: 'The longest a try waits, so the owner is never locked out for long' },
  },
  review: {
    claimMinutes: { value: 10, why: 'Opening a card claims it this long: other staff are warned, the queue passes it over' },
    claimRenewMs: { value: 3 * MINUTE_MS, why: 'A reviewer with the card open renews the claim this often, well within claimMinutes' },
    bulkCards: { value: 50, why: 'Cards one bulk review decides: one transaction, one screen of cards' },
    skippedCards: { value: 200, why: 'Cards a review session passes over; the queue is asked to skip at most these' },
    leaseAttempts: { value: 8, why: 'A card leased by another reviewer meanwhile is passed over; after this many races, none' },
    overdueSweepMs: { value: 30 * SECOND_MS, why: 'How often a server looks for cards that became overdue (the desktop notification)' },
    targetMaxMinutes: { value: 10080, why: 'A review target is at most a week (the SQL check of review_minutes says the same)' },
    proofRegions: {
      value: 8,
      why: 'Boxes a reviewer marks on the photos of one decision: a few places that show why (the SQL check says the same)',
    },
  },
  adjustments: {
    answerWindowHours: {
      value: 72,
      why: 'After an adjusted approval, its seller may accept the value or withdraw the card for this long (as an appeal window)',
    },
  },
  appeals: {
    decideHours: {
      value: 24,
      why: "Staff decide an open appeal within this (its target, as a card's review has one): older ones count as overdue",
    },
    rejectionWindowHours: {
      value: 72,
      why: 'After a rejection, its seller may resubmit the card or appeal it for this long',
      env: 'APPEAL_WINDOW_HOURS',
    },
    clawbackWindowHours: {
      value: 7 * 24,
      why: 'After a clawback, its seller may contest it for this long (a week)',
      env: 'CLAWBACK_APPEAL_WINDOW_HOURS',
    },
  },
  money: {
    fourEyesCents: { value: 100_000, why: 'With FOUR_EYES: what one staff member may move alone ($1,000)', env: 'FOUR_EYES_LIMIT' },
    pendingPaymentHours: {
      value: 24,
      why: 'A payment waiting for a second staff member expires after this: the maker asks again, on current figures',
    },
    fourEyesWindowHours: {
      value: 24,
      why: "With FOUR_EYES: the window over which one staff member's payouts add up",
      env: 'FOUR_EYES_WINDOW_HOURS',
    },
  },
  events: {
    heartbeatMs: {
      value: 15 * SECOND_MS,
      why: 'A comment line this often keeps proxies from closing a stream; the token is re-checked then',
    },
    retentionHours: { value: 24, why: 'Events are kept this long for Last-Event-ID replays after a reconnect' },
    keepRows: { value: 50_000, why: 'And at most this many: a replay never reads an unbounded table' },
    pruneEveryMs: { value: 10 * MINUTE_MS, why: 'How often old events are deleted' },
    relayEveryMs: { value: 150, why: 'How often the relaying instance looks for new event rows: live enough, cheap enough' },
    lateCommitMs: {
      value: 5 * SECOND_MS,
      why: 'A transaction that commits later than this after its event id was taken is not waited for',
    },
    seenIds: { value: 10_000, why: 'Ids recently dispatched, so that an event relayed twice reaches a stream once' },
    replayRows: { value: 1000, why: 'A longer replay tells the client to refetch everything instead' },
    streamsPerUser: { value: 5, why: 'Open streams per user: a window each, with room for a few' },
    streamsTotal: { value: 500, why: 'Open streams in one process: each holds memory, a timer and a token check per heartbeat' },
    bufferedBytes: { value: MiB, why: 'A client reading slower than this is dropped (it reconnects) rather than buffered without end' },
    clientIdleMs: { value: 45 * SECOND_MS, why: 'A stream that sent nothing for 3 heartbeats is dead: the client reconnects' },
    sseRetryMs: { value: 3 * SECOND_MS, why: "The stream's retry hint: how long an EventSource waits before it reconnects" },
    reconnectFirstMs: { value: SECOND_MS, why: 'The first reconnect waits this long, then twice as long each time' },
    reconnectMaxMs: { value: 15 * SECOND_MS, why: 'Reconnects are at most this far apart' },
  },
  jobs: {
    leaseSeconds: {
      value: 120,
      why: 'A job a worker took is its own this long; a worker that died frees it then',
      env: 'JOB_LEASE_SECONDS',
    },
    pollMs: { value: 5 * SECOND_MS, why: 'How often an idle worker looks for jobs', env: 'JOB_POLL_MS' },
    graceMs: { value: 5 * SECOND_MS, why: 'A job past its time limit (half its lease) gets this long to stop before it is given up' },
    pruneEveryMs: { value: HOUR_MS, why: 'How often finished jobs are deleted' },
    keptDays: { value: 7, why: 'Finished jobs stay this many days, to see what ran and why one failed' },
    retryFirstSeconds: { value: 5, why: 'A failed job is tried again after this, then twice as long each time' },
    retryMaxSeconds: { value: 3600, why: 'Retries are at most an hour apart' },
    errorChars: { value: 500, why: "A failed job's error is kept to this many characters" },
    photoReadMs: { value: 20 * SECOND_MS, why: 'Reading the number off one card photo: a photo that takes longer is not read' },
  },
  exports: {
    batchRows: { value: 1000, why: "Rows read per query: at 2,000 the server's memory grew 3 times as much over a big export" },
    csvChunkRows: { value: 500, why: 'Rows written to the answer at once' },
  },
  database: {
    poolSize: { value: 10, why: 'Connections to PostgreSQL per server process', env: 'DB_POOL_SIZE' },
    connectMs: { value: 10 * SECOND_MS, why: 'A connection to PostgreSQL not made by then fails' },
    reconnectMaxMs: { value: 10 * SECOND_MS, why: 'A lost LISTEN connection is retried at most this far apart' },
  },
  desktop: {
    requestMs: {
      value: 60 * SECOND_MS,
      why: 'An API call not answered by then fails; the server answers or drops a connection within as long (http.idleMs)',
    },
    answerBytes: { value: 20 * MiB, why: 'Far more than any answer of the API; a larger one is refused rather than held in memory' },
    sendBytes: { value: 60 * MiB, why: 'The largest body main sends: 10 photos of 5 MiB and the form' },
    pickedFileMs: { value: 30 * MINUTE_MS, why: 'A file picked in the dialog may be sent for this long' },
    pickedFilesHeld: { value: 50, why: 'Picked files main holds at once (5 forms of imagesPerRequest photos)' },
    updateCheckEveryMs: { value: 4 * HOUR_MS, why: 'How often the app looks for an update' },
    pendingPaymentsPollMs: { value: 30 * SECOND_MS, why: "How often staff's count of payouts awaiting approval is read again" },
  },
} as const satisfies Record<string, Record<string, Limit>>;
