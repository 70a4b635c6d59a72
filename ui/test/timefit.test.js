import assert from "node:assert/strict";
import { test } from "node:test";
import { formatMinute, parseInstant, sliderEvents, stepInstant, stepOf, stepText } from "../src/timefit.js";

const events = ["2024-01-08T09:00:00Z", "2024-01-01T10:00:00Z", "2024-01-08T09:00:00.000Z", "2024-01-20T09:30:00Z"];

test("slider events: sorted, distinct instants; the world slider falls back on system events", () => {
  assert.deepEqual(sliderEvents(events), [
    "2024-01-01T10:00:00.000Z", "2024-01-08T09:00:00.000Z", "2024-01-20T09:30:00.000Z",
  ]);
  assert.deepEqual(sliderEvents([], ["2026-11-23T10:00:00Z"]), ["2026-11-23T10:00:00.000Z"]);
  assert.deepEqual(sliderEvents(undefined, undefined), []);
});

test("the slider spans first to last event, then now; keyboard steps go event to event", () => {
  const steps = sliderEvents(events);
  assert.equal(stepInstant(steps, 0), steps[0]); // left end: the first event
  assert.equal(stepInstant(steps, 2), steps[2]); // the last event, just before now
  assert.equal(stepInstant(steps, 3), null); // right end: now
  assert.equal(stepInstant(steps, 1 + 1), "2024-01-20T09:30:00.000Z"); // ArrowRight from step 1
  assert.equal(stepOf(steps, null), 3);
  assert.equal(stepOf(steps, "2024-01-10T00:00:00Z"), 1); // between events: the one before
  assert.equal(stepOf(steps, "2023-01-01T00:00:00Z"), 0);
  assert.equal(stepText(steps, 0), "event 1 of 3: 2024-01-01 10:00Z");
  assert.equal(stepText(steps, 3), "now");
});

test("instants are shown at minute precision, in UTC", () => {
  assert.equal(formatMinute("2024-01-05T12:30:59.123Z"), "2024-01-05 12:30Z");
  assert.equal(formatMinute("2024-01-05T14:30:00+02:00"), "2024-01-05 12:30Z");
  assert.equal(formatMinute(null), "—");
});

test("typed instants: dates, minute-precision times as shown, zones, now, and a clear error", () => {
  assert.equal(parseInstant("2024-01-05"), "2024-01-05T00:00:00.000Z");
  assert.equal(parseInstant("2024-01-05 12:30"), "2024-01-05T12:30:00.000Z");
  assert.equal(parseInstant("2024-01-05 12:30Z"), "2024-01-05T12:30:00.000Z"); // what the box shows
  assert.equal(parseInstant("2024-01-05T12:30:00+02:00"), "2024-01-05T10:30:00.000Z");
  assert.equal(parseInstant(" now "), null);
  assert.equal(parseInstant(""), null);
  assert.throws(() => parseInstant("last tuesday"), /not a date: write e\.g\. 2024-01-05/);
  assert.throws(() => parseInstant("now2025-05-01"), /not a date/);
});
