import assert from "node:assert/strict";
import { test } from "node:test";
import { closingLinks, editChange, factBars, legendEntries, threadGraph, threadsOf } from "../src/facts.js";
import { communityColor, labelColor } from "../src/model.js";

const google = {
  id: "g", relation: "WORKS_AT", fact: "Alice works at Google", episodes: ["e1"],
  valid_at: "2024-01-01T00:00:00Z", invalid_at: "2024-01-08T00:00:00Z",
  created_at: "2024-01-01T00:00:00Z", expired_at: "2024-01-08T00:00:00Z",
  attributes: { closed_by: { episode: "e2", valid_at: "2024-01-01T00:00:00Z", invalid_at: null, expired_at: null, episodes: 1 } },
};
const meta = { id: "m", relation: "WORKS_AT", fact: "Alice works at Meta", episodes: ["e2"], attributes: {},
  valid_at: "2024-01-08T00:00:00Z", invalid_at: null, created_at: "2024-01-08T00:00:00Z", expired_at: null };
const hike = { id: "h", relation: "LIKES", fact: "Alice likes hiking", episodes: ["e3"], attributes: {} };

test("closing links: the episode that closed a fact names its closer, and the closer what it closed", () => {
  const facts = [google, meta, hike];
  assert.deepEqual(closingLinks(google, facts), { episode: "e2", edit: null, closedBy: [meta], closed: [] });
  assert.deepEqual(closingLinks(meta, facts), { episode: null, edit: null, closedBy: [], closed: [google] });
  assert.deepEqual(closingLinks(hike, facts).closed, []);
});

test("closing links: an edit's new fact supersedes the old one", () => {
  const old = { ...meta, expired_at: "2024-02-01T00:00:00Z", attributes: { closed_by: { episode: "edit" }, edit: "ed1" } };
  const written = { ...meta, id: "m2", fact: "Alice works at Meta as an engineer", attributes: { supersedes: "m" } };
  assert.deepEqual(closingLinks(old, [old, written]), { episode: null, edit: "ed1", closedBy: [written], closed: [] });
  assert.deepEqual(closingLinks(written, [old, written]).closed, [old]);
});

test("fact bars: the four instants on one fitted axis, open ends running to its end", () => {
  const now = Date.parse("2026-11-28T00:00:00Z");
  const { bars, start, end } = factBars(google, now, 140);
  assert.equal(start, Date.parse("2024-01-01T00:00:00Z"));
  assert.equal(end, Date.parse("2024-01-08T00:00:00Z") + 7 * 86400000 * 0.08);
  const held = (140 * 7) / 7.56;
  assert.deepEqual(bars.map((b) => [b.kind, b.x, Math.round(b.width * 1e6)]), [
    ["world", 0, Math.round(held * 1e6)], ["system", 0, Math.round(held * 1e6)],
  ]);
  assert.match(bars[0].label, /valid → invalid/);
  const open = factBars(meta, now, 140).bars[0];
  assert.ok(Math.abs(open.x + open.width - 140) < 1e-9);
});

test("legend: types by count with their fill, communities named after their most mentioned member", () => {
  const graph = { entities: [
    { id: "a", name: "Alice", labels: ["Person"], mentions: 5, community_id: "c1" },
    { id: "b", name: "Bob", labels: ["Person"], mentions: 2, community_id: "c1" },
    { id: "g", name: "Google", labels: ["Organization"], mentions: 3, community_id: null },
    { id: "x", name: "thing", labels: [], mentions: 1, community_id: null },
  ] };
  const { types, communities } = legendEntries(graph);
  assert.deepEqual(types.map((t) => [t.label, t.count]), [["Person", 2], ["Organization", 1], ["no type", 1]]);
  assert.equal(types[0].color, labelColor(["Person"]));
  assert.deepEqual(communities, [{ id: "c1", label: "Alice's community", color: communityColor("c1"), count: 2 }]);
});

test("thread filter: the facts a thread's episodes support and the entities they link", () => {
  const graph = {
    entities: [{ id: "a" }, { id: "g" }, { id: "p" }, { id: "b" }],
    facts: [
      { id: "f1", source_id: "a", target_id: "g", episodes: ["e1"] },
      { id: "f2", source_id: "b", target_id: "p", episodes: ["e2", "e9"] },
    ],
    truncated: true,
  };
  const cut = threadGraph(graph, ["e2"]);
  assert.deepEqual(cut.facts.map((f) => f.id), ["f2"]);
  assert.deepEqual(cut.entities.map((e) => e.id), ["p", "b"]);
  assert.equal(cut.truncated, false);
  assert.deepEqual(threadsOf([{ thread_id: "t2" }, { thread_id: null }, { thread_id: "t1" }, { thread_id: "t2" }]), ["t1", "t2"]);
});

test("edit body: only what changed; an emptied date clears it; a bad date says how to write one", () => {
  const shown = { fact: meta.fact, valid_at: "2024-01-08 00:00Z", invalid_at: "", reason: "" };
  assert.throws(() => editChange(meta, shown), /Nothing changed/);
  assert.deepEqual(editChange(meta, { ...shown, fact: "Alice works at Meta as an engineer", reason: "typo" }),
    { fact: "Alice works at Meta as an engineer", reason: "typo" });
  assert.deepEqual(editChange(meta, { ...shown, valid_at: "" }), { valid_at: null });
  assert.deepEqual(editChange(meta, { ...shown, invalid_at: "2024-03-01" }), { invalid_at: "2024-03-01T00:00:00.000Z" });
  assert.throws(() => editChange(meta, { ...shown, invalid_at: "soon" }), /not a date/);
});
