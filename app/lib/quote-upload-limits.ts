/*
 * The quote upload's time limits (docs/decisions/0028-quote-form-on-phones-and-slow-lines.md), in a
 * module of their own without imports: the environment's schema reads them as its defaults. The
 * server gives up on an upload when no byte has arrived for the stall time (QUOTE_UPLOAD_STALL_MS) or
 * when it has not ended by the ceiling (QUOTE_UPLOAD_TIMEOUT_MS), whichever comes first. 25 MB of
 * files at 2 Mbit/s take about 110 s, well inside the ceiling.
 */
export const QUOTE_UPLOAD_STALL_MS = 20_000;
export const QUOTE_UPLOAD_CEILING_MS = 180_000;
/**
 * The browser gives up on sending the files sooner than the server would: after this long without
 * progress, or once the upload's pace shows it cannot end by the ceiling. It then sends the request
 * without them.
 */
export const QUOTE_CLIENT_STALL_MS = 15_000;
/** How long the browser watches the pace before it judges that the files cannot arrive in time. */
export const QUOTE_CLIENT_PACE_GRACE_MS = 8_000;

/**
 * The names of the files the browser gave up sending (a line too slow or stalled), one a line: the
 * request is sent without them and the buyer replies to the acknowledgement with them attached.
 */
export const QUOTE_FILES_NOT_SENT_FIELD = "filesNotSent";
/** The longest list of file names the browser sends in QUOTE_FILES_NOT_SENT_FIELD. */
export const QUOTE_FILES_NOT_SENT_MAX = 2_000;
