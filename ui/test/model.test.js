import assert from "node:assert/strict";
import { test } from "node:test";
import {
  LONE_SIZE, MIN_ZOOM, NO_COMMUNITY, StableClusters, clusteredPositions, frame, communityColor, diff, factRows, filterEpisodes, fromCompact,
  fittedAxis, labelColor, nodeSize, signature, timelineBars, toElements,
} from "../src/model.js";

const graph = {
  entities: [
    { id: "a", name: "Alice", labels: ["Person"], mentions: 3, community_id: "c1" },
    { id: "g", name: "Google", labels: ["Organization"], mentions: 2, community_id: null },
    { id: "m", name: "Meta", labels: [], mentions: 0, community_id: null },
  ],
  facts: [
    { id: "f1", source_id: "a", target_id: "g", relation: "WORKS_AT", fact: "Alice works at Google", state: "closed" },
    { id: "f2", source_id: "a", target_id: "m", relation: "WORKS_AT", fact: "Alice works at Meta", state: "current" },
  ],
  world_events: ["2024-01-01T10:00:00Z", "2024-01-20T09:00:00Z"],
  system_events: ["2026-11-23T10:00:00Z"],
};

test("elements: nodes sized by mentions, filled by primary type, ringed by community, edges classed by state", () => {
  const { nodes, edges } = toElements(graph);
  assert.deepEqual(nodes.map((n) => n.data.label), ["Alice", "Google", "Meta"]);
  assert.ok(nodes[0].data.size > nodes[1].data.size && nodes[1].data.size > nodes[2].data.size);
  assert.equal(nodes[0].data.color, labelColor(["Person"]));
  assert.equal(nodes[0].data.ring, communityColor("c1"));
  assert.equal(nodes[1].data.ring, NO_COMMUNITY);
  assert.notEqual(nodes[1].data.color, NO_COMMUNITY);
  assert.equal(nodes[2].data.color, NO_COMMUNITY); // no type
  assert.deepEqual(nodes.map((n) => n.data.degree), [2, 1, 1]);
  assert.deepEqual(edges.map((e) => [e.data.id, e.classes, e.data.label]), [
    ["f1", "closed", "WORKS_AT"], ["f2", "current", "WORKS_AT"],
  ]);
});

test("an entity without a drawn fact (a speaker who only talks) is a small unnamed dot", () => {
  const talker = { id: "s", name: "Assistant", labels: ["Person"], mentions: 40, community_id: null };
  const { nodes } = toElements({ ...graph, entities: [...graph.entities, talker] });
  const dot = nodes.find((n) => n.data.id === "s");
  assert.equal(dot.data.size, LONE_SIZE);
  assert.equal(dot.classes, "lone");
  assert.ok(nodes.filter((n) => n.data.id !== "s").every((n) => n.classes === "" && n.data.size > LONE_SIZE));
});

test("node size grows with mentions and is capped", () => {
  assert.ok(nodeSize(0) < nodeSize(1) && nodeSize(1) < nodeSize(10));
  assert.equal(nodeSize(1e9), 80);
});

test("community colours are stable and from the palette", () => {
  assert.equal(communityColor("x"), communityColor("x"));
  assert.equal(communityColor(null), NO_COMMUNITY);
});

test("diff removes what is gone, adds only what is new, restyles edges whose state changed", () => {
  const next = toElements({ ...graph, facts: graph.facts.slice(1), entities: graph.entities.filter((e) => e.id !== "g") });
  const drawn = new Map([["a", ""], ["g", ""], ["f1", "closed|a|g"], ["old", ""]]);
  const { remove, add, restyle } = diff(drawn, next);
  assert.deepEqual(remove.sort(), ["f1", "g", "old"]);
  assert.deepEqual(add.map((el) => el.data.id).sort(), ["f2", "m"]);
  assert.deepEqual(restyle, []);
  const again = diff(new Map([["a", ""], ["g", ""], ["m", ""], ["f1", "current|a|g"], ["f2", "current|a|m"]]), toElements(graph));
  assert.deepEqual([again.remove, again.add], [[], []]);
  assert.deepEqual(again.restyle.map((el) => [el.data.id, el.classes]), [["f1", "closed"]]);
});

test("diff draws again an edge whose ends moved (a merge gave its fact to another entity)", () => {
  const drawn = new Map([["a", ""], ["g", ""], ["m", ""], ["x", ""], ["f1", "closed|x|g"], ["f2", "current|a|m"]]);
  const { remove, add, restyle } = diff(drawn, toElements(graph));
  assert.deepEqual(remove.sort(), ["f1", "x"]);
  assert.deepEqual(add.map((el) => [el.data.id, el.data.source]), [["f1", "a"]]);
  assert.deepEqual(restyle, []);
  assert.equal(signature(add[0]), "closed|a|g");
});

test("the compact answer decodes to the same entities and facts as the full one", () => {
  const compact = {
    valid_at: "2024-01-05T00:00:00Z", known_at: "2026-11-23T10:00:00Z", version: 7,
    entities: { id: ["a", "g", "m"], name: ["Alice", "Google", "Meta"], mentions: [3, 2, 0],
      community: [0, -1, -1], label: [1, 0, -1] },
    facts: { id: ["f1", "f2"], source: [0, 0], target: [1, 2], relation: [0, 0], closed: [1, 0] },
    relations: ["WORKS_AT"], labels: ["Organization", "Person"], communities: ["c1"],
    total_entities: 3, total_facts: 2, truncated: false,
    world_events: graph.world_events, system_events: graph.system_events,
  };
  const decoded = fromCompact(compact);
  assert.deepEqual(decoded.entities, graph.entities);
  assert.deepEqual(decoded.facts, graph.facts.map((f) => ({ ...f, fact: "" })));
  assert.deepEqual([decoded.version, decoded.truncated, decoded.total_facts], [7, false, 2]);
  assert.deepEqual(decoded.world_events, graph.world_events);
  assert.deepEqual(toElements(decoded).nodes, toElements(graph).nodes);
});

test("clustered positions are distinct, deterministic and keep communities together", () => {
  const many = Array.from({ length: 500 }, (_, i) => ({
    id: `e${i}`, name: `E${i}`, mentions: i % 7, community_id: `c${i % 5}`,
  }));
  const a = clusteredPositions(many);
  assert.deepEqual(a, clusteredPositions(many));
  const keys = new Set(Object.values(a).map((p) => `${Math.round(p.x)},${Math.round(p.y)}`));
  assert.equal(keys.size, 500);
  const centre = (c) => {
    const ps = many.filter((e) => e.community_id === c).map((e) => a[e.id]);
    return { x: ps.reduce((s, p) => s + p.x, 0) / ps.length, y: ps.reduce((s, p) => s + p.y, 0) / ps.length };
  };
  const spread = (c) => {
    const m = centre(c);
    return Math.max(...many.filter((e) => e.community_id === c).map((e) => Math.hypot(a[e.id].x - m.x, a[e.id].y - m.y)));
  };
  const c0 = centre("c0");
  const c1 = centre("c1");
  assert.ok(Math.hypot(c0.x - c1.x, c0.y - c1.y) > spread("c0"));
});

test("clustered positions stay compact with many communities (the view can frame them)", () => {
  const many = Array.from({ length: 1000 }, (_, i) => ({
    id: `e${i}`, name: `E${i}`, mentions: i % 7, community_id: `c${i % 50}`,
  }));
  const a = clusteredPositions(many, 40);
  const reach = Math.max(...Object.values(a).map((p) => Math.hypot(p.x, p.y)));
  assert.ok(reach < 2 * 40 * Math.sqrt(1000), `${reach}`); // one disc of all would be 1,265
  const { zoom } = frame(Object.values(a), 900, 500);
  assert.ok(zoom > 0.1, `${zoom}`);
});

test("stable clusters: drawn entities keep their spot, newcomers join their community", () => {
  const ents = (ids) => ids.map((i) => ({ id: `e${i}`, name: `E${i}`, mentions: 1, community_id: `c${i % 3}` }));
  const layout = new StableClusters();
  const first = layout.positions(ents([0, 1, 2, 3, 4, 5, 6, 7, 8]));
  const later = layout.positions(ents([0, 1, 2, 9, 12]));
  for (const id of ["e0", "e1", "e2"]) assert.deepEqual(later[id], first[id]);
  const near = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);
  assert.ok(near(later.e9, first.e0) < near(later.e9, first.e1)); // e9 is in c0, with e0
  const again = layout.positions(ents([3, 9]));
  assert.deepEqual([again.e3, again.e9], [first.e3, later.e9]); // back where they were
  const other = layout.positions([{ id: "x", name: "X", mentions: 0, community_id: "new" }]).x;
  assert.ok(Object.values(first).every((p) => near(p, other) > 40)); // a disc of its own
});

test("a fitted axis runs from the first instant to a little past the last, not to today", () => {
  const now = Date.parse("2026-11-28T00:00:00Z");
  const axis = fittedAxis(["2024-01-01T00:00:00Z", null, "2024-01-21T00:00:00Z"], now);
  assert.equal(axis.start, Date.parse("2024-01-01T00:00:00Z"));
  assert.equal(axis.end, Date.parse("2024-01-21T00:00:00Z") + 20 * 86400000 * 0.08);
  assert.equal(fittedAxis(["2024-01-01T00:00:00Z"], now).end, Date.parse("2024-01-01T01:00:00Z")); // an hour at least
  assert.deepEqual(fittedAxis([], now), { start: now - 3600000, end: now });
});

test("timeline bars: world and system bars each on their own axis, open ends run to its end", () => {
  const now = Date.parse("2024-01-31T00:00:00Z");
  const facts = [
    { id: "f1", valid_at: "2023-01-01T00:00:00Z", invalid_at: "2023-01-11T00:00:00Z", created_at: "2024-01-01T00:00:00Z", expired_at: "2024-01-16T00:00:00Z" },
    { id: "f2", valid_at: "2023-01-11T00:00:00Z", invalid_at: null, created_at: "2024-01-16T00:00:00Z", expired_at: null },
  ];
  const { rows, world, system } = timelineBars(facts, now, 300);
  assert.equal(world.start, Date.parse("2023-01-01T00:00:00Z"));
  assert.equal(system.start, Date.parse("2024-01-01T00:00:00Z"));
  const day = 86400000;
  assert.equal(system.end, Date.parse("2024-01-16T00:00:00Z") + 15 * day * 0.08); // fitted, not now
  assert.equal(rows[0].system.x, 0);
  assert.ok(Math.abs(rows[0].system.width - (300 * 15) / 16.2) < 1e-9);
  assert.ok(Math.abs(rows[1].system.x - rows[0].system.width) < 1e-9);
  assert.ok(rows[1].world.open && Math.abs(rows[1].world.x + rows[1].world.width - 300) < 1e-9);
  assert.ok(Math.abs(rows[1].world.x - rows[0].world.width) < 1e-9); // f2 starts where f1 ended
});

test("episode filter needs every word, any case", () => {
  const eps = [
    { content: "Alice: I left Google", source_description: "" },
    { content: "Bob: the printer jams", source_description: "helpdesk" },
  ];
  assert.equal(filterEpisodes(eps, "google ALICE").length, 1);
  assert.equal(filterEpisodes(eps, "helpdesk")[0].content, "Bob: the printer jams");
  assert.equal(filterEpisodes(eps, "  ").length, 2);
  assert.equal(filterEpisodes(eps, "meta").length, 0);
});

test("fact rows: current first, named ends, capped with a count", () => {
  const { rows, hidden } = factRows(graph, 1);
  assert.deepEqual(rows.map((r) => r.text), ["Alice WORKS_AT Meta"]);
  assert.equal(rows[0].state, "current");
  assert.equal(hidden, 1);
});

test("frame fits every point inside the view", () => {
  const points = [{ x: -100, y: 0 }, { x: 300, y: 50 }, { x: 0, y: -200 }];
  const { zoom, pan } = frame(points, 800, 600, 20);
  for (const p of points) {
    const sx = p.x * zoom + pan.x;
    const sy = p.y * zoom + pan.y;
    assert.ok(sx >= 19.99 && sx <= 780.01 && sy >= 19.99 && sy <= 580.01, `${sx},${sy}`);
  }
  assert.deepEqual(frame([], 800, 600).pan, { x: 400, y: 300 });
  assert.equal(frame([{ x: -1e9, y: 0 }, { x: 1e9, y: 0 }], 800, 600).zoom, MIN_ZOOM); // never refused
});

test("the common types each get their own fill colour; others still get one", () => {
  const types = ["Person", "Location", "Organization", "Event", "Condition", "Topic", "Pet", "Activity"];
  assert.equal(new Set(types.map((t) => labelColor([t]))).size, types.length);
  assert.equal(labelColor(["Spaceship"]), labelColor(["Spaceship"]));
  assert.equal(labelColor([]), NO_COMMUNITY);
});
