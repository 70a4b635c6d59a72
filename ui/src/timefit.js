// The time sliders fitted to the data: each slider steps from one event of the group to
// the next (first event at the left, last before "now", "now" at the right end), so a
// chat that ended a year ago fills the slider and arrow keys go event to event.

/** The sorted, distinct instants (ISO) a slider steps through; world falls back on system. */
export function sliderEvents(events, fallback = []) {
  const chosen = events && events.length ? events : fallback || [];
  const byTime = new Map();
  for (const iso of chosen) {
    const ms = Date.parse(iso);
    if (!Number.isNaN(ms) && !byTime.has(ms)) byTime.set(ms, new Date(ms).toISOString());
  }
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([, iso]) => iso);
}

/** The instant of slider step ``index``: an event, or null ("now") at and past the end. */
export function stepInstant(events, index) {
  const i = Math.floor(Number(index));
  if (!(i < events.length)) return null;
  return events[Math.max(0, i)];
}

/** The step of ``iso``: the last event at or before it (0 before the first); null -> now. */
export function stepOf(events, iso) {
  if (!iso) return events.length;
  const t = Date.parse(iso);
  let found = 0;
  for (let i = 0; i < events.length && Date.parse(events[i]) <= t; i += 1) found = i;
  return found;
}

/** What the slider says of a step, for its ``aria-valuetext`` and the marks under it. */
export function stepText(events, index) {
  const iso = stepInstant(events, index);
  return iso ? `event ${Number(index) + 1} of ${events.length}: ${formatMinute(iso)}` : "now";
}

/** An instant at minute precision in UTC: "2024-01-05 12:30Z"; null -> "—". */
export function formatMinute(iso) {
  if (!iso) return "—";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return String(iso);
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")}Z`;
}

/**
 * Parse what a user typed as an instant: "now" or nothing -> null; a date, a date and a
 * time (T or a space, seconds optional), UTC unless a zone is given. Throws with a hint.
 */
export function parseInstant(text) {
  const s = String(text || "").trim();
  if (!s || s.toLowerCase() === "now") return null;
  let iso = s.replace(/^(\d{4}-\d\d-\d\d)[ T]/, "$1T");
  if (/^\d{4}-\d\d-\d\d$/.test(iso)) iso += "T00:00";
  if (!/([zZ]|[+-]\d\d:?\d\d)$/.test(iso)) iso += "Z";
  const ms = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?([zZ]|[+-]\d\d:?\d\d)$/.test(iso) ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) {
    throw new Error(`"${s}" is not a date: write e.g. 2024-01-05, 2024-01-05 12:30 (UTC) or now`);
  }
  return new Date(ms).toISOString();
}
