// Pure functions of the page: API answers -> what is drawn. No DOM, no network: unit-tested
// with node's test runner (test/model.test.js).

export const PALETTE = [
  "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
  "#b07aa1", "#ff9da7", "#9c755f", "#2f9e9e", "#8c6bb1", "#d4a017",
];
export const NO_COMMUNITY = "#8a8f98";
export const BIG_GRAPH = 400; // above this many nodes: preset layout, cheaper edges

/** A stable colour for a community id (grey without one). */
export function communityColor(id) {
  if (!id) return NO_COMMUNITY;
  let h = 0;
  for (let i = 0; i < id.length; i += 1) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

// The types the extractors write most, each with its own palette colour (a hash would give
// two of them one colour, and the legend could not tell them apart); other types hash.
const TYPE_COLORS = ["Person", "Location", "Organization", "Event", "Condition", "Topic", "Pet",
  "Activity", "Product", "Skill", "Language", "Thing"];

/** The fill of an entity: by its primary type, the first label (grey without). */
export function labelColor(labels) {
  if (!labels || !labels.length) return NO_COMMUNITY;
  const known = TYPE_COLORS.indexOf(labels[0]);
  return known >= 0 ? PALETTE[known] : communityColor(`label:${labels[0]}`);
}

/** Node diameter in pixels: grows with the square root of mentions, capped. */
export function nodeSize(mentions) {
  return Math.min(80, 18 + 8 * Math.sqrt(Math.max(0, mentions)));
}

/** How many drawn facts touch each entity. */
export function degrees(graph) {
  const count = new Map();
  for (const f of graph.facts) {
    count.set(f.source_id, (count.get(f.source_id) ?? 0) + 1);
    if (f.target_id !== f.source_id) count.set(f.target_id, (count.get(f.target_id) ?? 0) + 1);
  }
  return count;
}

export const LONE_SIZE = 8; // an entity without a drawn fact (a speaker who only talks)

/**
 * Cytoscape element definitions for a GET .../graph answer. Fill: the primary type (the
 * first label, the only one shown); ring: the community. An entity without a drawn fact is
 * a small dot whose name shows only on hover or selection.
 */
export function toElements(graph) {
  const degree = degrees(graph);
  const nodes = graph.entities.map((e) => {
    const lone = !degree.get(e.id);
    return {
      group: "nodes",
      data: {
        id: e.id,
        label: e.name,
        mentions: e.mentions,
        degree: degree.get(e.id) ?? 0,
        size: lone ? LONE_SIZE : nodeSize(e.mentions),
        color: labelColor(e.labels),
        ring: e.community_id ? communityColor(e.community_id) : NO_COMMUNITY,
        community: e.community_id || "",
        type: e.labels?.[0] ?? "",
      },
      classes: lone ? "lone" : "",
    };
  });
  const edges = graph.facts.map((f) => ({
    group: "edges",
    data: { id: f.id, source: f.source_id, target: f.target_id, label: f.relation, fact: f.fact },
    classes: f.state,
  }));
  return { nodes, edges };
}

/**
 * A GET .../graph/compact answer (columns, entities by position) as the objects of a GET
 * .../graph answer, without what the compact form leaves out (fact text and instants).
 */
export function fromCompact(body) {
  const e = body.entities;
  const entities = e.id.map((id, i) => ({
    id,
    name: e.name[i],
    labels: e.label[i] >= 0 ? [body.labels[e.label[i]]] : [],
    mentions: e.mentions[i],
    community_id: e.community[i] >= 0 ? body.communities[e.community[i]] : null,
  }));
  const f = body.facts;
  const facts = f.id.map((id, i) => ({
    id,
    source_id: e.id[f.source[i]],
    target_id: e.id[f.target[i]],
    relation: body.relations[f.relation[i]],
    fact: "",
    state: f.closed[i] ? "closed" : "current",
  }));
  const { entities: _e, facts: _f, relations: _r, labels: _l, ...rest } = body;
  return { ...rest, entities, facts, communities: body.communities.map((id) => ({ id })) };
}

/** What is kept of a drawn element to tell a change: its classes, and an edge's two ends. */
export function signature(el) {
  const classes = el.classes ?? "";
  return el.group === "edges" ? `${classes}|${el.data.source}|${el.data.target}` : classes;
}

const ends = (sig) => sig.slice(sig.indexOf("|"));

/**
 * What changes between what is drawn (a Map: id -> its ``signature``) and the next
 * answer's elements: ids to remove, elements to add, and drawn elements whose classes
 * changed. An edge whose ends changed (a merge moved its fact) is removed and added again.
 */
export function diff(drawn, next) {
  const nextIds = new Set();
  const add = [];
  const restyle = [];
  const moved = [];
  for (const el of [...next.nodes, ...next.edges]) {
    nextIds.add(el.data.id);
    const was = drawn.get(el.data.id);
    const sig = signature(el);
    if (was === undefined) add.push(el);
    else if (el.group === "edges" && ends(was) !== ends(sig)) {
      moved.push(el.data.id);
      add.push(el);
    } else if (was !== sig) restyle.push(el);
  }
  const remove = [...drawn.keys()].filter((id) => !nextIds.has(id)).concat(moved);
  return { remove, add, restyle };
}

/** Entity id -> the ids of the entities its facts link it to. */
export function neighbours(graph) {
  const ends = new Map();
  const link = (a, b) => {
    if (a === b) return;
    if (!ends.has(a)) ends.set(a, []);
    ends.get(a).push(b);
  };
  for (const f of graph.facts) {
    link(f.source_id, f.target_id);
    link(f.target_id, f.source_id);
  }
  return ends;
}

/**
 * Positions for a big graph without a force layout: each community on its own disc (a
 * sunflower spiral, most mentioned in the middle), the discs' centres on a sunflower spiral
 * too, biggest first, spaced so the largest disc fits between neighbours: the whole stays
 * about as compact as one disc of every entity. Deterministic.
 */
export function clusteredPositions(entities, spacing = 40) {
  const byCommunity = new Map();
  for (const e of entities) {
    const key = e.community_id || "";
    if (!byCommunity.has(key)) byCommunity.set(key, []);
    byCommunity.get(key).push(e);
  }
  const groups = [...byCommunity.values()].sort((a, b) => b.length - a.length);
  const golden = Math.PI * (3 - Math.sqrt(5));
  const biggest = groups.length ? spacing * Math.sqrt(groups[0].length) : 0;
  const step = 1.25 * biggest + spacing; // sunflower neighbours sit ~1.7 steps apart
  const positions = {};
  groups.forEach((members, g) => {
    members.sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name));
    const distance = groups.length === 1 ? 0 : step * Math.sqrt(g + 0.5);
    const cx = distance * Math.cos(g * golden);
    const cy = distance * Math.sin(g * golden);
    members.forEach((e, i) => {
      const r = spacing * Math.sqrt(i + 0.5);
      positions[e.id] = { x: cx + r * Math.cos(i * golden), y: cy + r * Math.sin(i * golden) };
    });
  });
  return positions;
}

/** The zoom and pan that fit ``points`` in a width x height view, with a margin. */
/**
 * Clustered positions that stay put across redraws: the first call lays out every entity
 * (``clusteredPositions``); later calls place only entities never seen before, on the next
 * free spot of their community's disc (a new community gets the next disc), and an entity
 * seen before returns to where it was. So moving a slider never shuffles what stays drawn.
 */
export class StableClusters {
  constructor(spacing = 40) {
    this.spacing = spacing;
    this.at = new Map(); // entity id -> position
    this.discs = new Map(); // community -> { x, y, placed }
    this.step = 0;
  }

  positions(entities) {
    const fresh = entities.filter((e) => !this.at.has(e.id));
    if (!this.at.size) this.start(fresh);
    else this.extend(fresh);
    return Object.fromEntries(entities.map((e) => [e.id, this.at.get(e.id)]));
  }

  start(entities) {
    const laid = clusteredPositions(entities, this.spacing);
    const sizes = new Map();
    for (const e of entities) sizes.set(e.community_id || "", (sizes.get(e.community_id || "") ?? 0) + 1);
    const biggest = Math.max(0, ...sizes.values());
    this.step = 1.25 * this.spacing * Math.sqrt(biggest) + this.spacing;
    for (const e of entities) this.at.set(e.id, laid[e.id]);
    for (const [key, placed] of sizes) {
      const members = entities.filter((e) => (e.community_id || "") === key).map((e) => laid[e.id]);
      const x = members.reduce((sum, p) => sum + p.x, 0) / members.length;
      const y = members.reduce((sum, p) => sum + p.y, 0) / members.length;
      this.discs.set(key, { x, y, placed });
    }
  }

  extend(entities) {
    const golden = Math.PI * (3 - Math.sqrt(5));
    for (const e of entities) {
      const key = e.community_id || "";
      if (!this.discs.has(key)) {
        const g = this.discs.size;
        const d = this.step * Math.sqrt(g + 0.5);
        this.discs.set(key, { x: d * Math.cos(g * golden), y: d * Math.sin(g * golden), placed: 0 });
      }
      const disc = this.discs.get(key);
      const i = disc.placed++;
      const r = this.spacing * Math.sqrt(i + 0.5);
      this.at.set(e.id, { x: disc.x + r * Math.cos(i * golden), y: disc.y + r * Math.sin(i * golden) });
    }
  }
}

export const MIN_ZOOM = 0.002; // the view's own floor: a frame below it would be refused

export function frame(points, width, height, margin = 30) {
  if (!points.length) return { zoom: 1, pan: { x: width / 2, y: height / 2 } };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const fit = Math.min(4, (width - 2 * margin) / Math.max(1, x1 - x0), (height - 2 * margin) / Math.max(1, y1 - y0));
  const zoom = Math.max(MIN_ZOOM, fit);
  return { zoom, pan: { x: width / 2 - zoom * (x0 + x1) / 2, y: height / 2 - zoom * (y0 + y1) / 2 } };
}

/** A short readable UTC instant, at minute precision. */
export { formatMinute as formatInstant } from "./timefit.js";

/**
 * A time axis fitted to ``instants`` (ISO, nulls skipped): from the first to a little past
 * the last (8 % of the span, at least an hour), where open bars end; not to today, which
 * would squeeze a chat of last year into a sliver. Nothing known: the hour before now.
 */
export function fittedAxis(instants, nowMs) {
  const known = instants.filter(Boolean).map(Date.parse).filter((ms) => !Number.isNaN(ms));
  if (!known.length) return { start: nowMs - 3600000, end: nowMs };
  const start = Math.min(...known);
  const last = Math.max(...known);
  return { start, end: last + Math.max((last - start) * 0.08, 3600000) };
}

/**
 * Timeline bars for an entity's facts, x from 0 to width. World bars (valid_at -> invalid_at)
 * share one axis, system bars (created_at -> expired_at) another: the two timelines are often
 * years apart (a job held in 2024, learned today). Each axis is fitted to its instants; open
 * ends run to its end (drawn as "→ now").
 */
export function timelineBars(facts, nowMs, width) {
  const axis = (from, to) => fittedAxis(facts.flatMap((f) => [f[from], f[to]]), nowMs);
  const world = axis("valid_at", "invalid_at");
  const system = axis("created_at", "expired_at");
  const bar = (range, from, to) => {
    const x = (ms) => ((ms - range.start) / (range.end - range.start)) * width;
    const a = x(from ? Date.parse(from) : range.start);
    const b = x(to ? Date.parse(to) : range.end);
    return { x: a, width: Math.max(2, b - a), open: !to };
  };
  return {
    world,
    system,
    rows: facts.map((f) => ({
      id: f.id,
      world: bar(world, f.valid_at, f.invalid_at),
      system: bar(system, f.created_at, f.expired_at),
    })),
  };
}

/** Episodes whose text contains every word of ``query`` (case-insensitive). */
export function filterEpisodes(episodes, query) {
  const words = String(query || "").toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return episodes;
  return episodes.filter((e) => {
    const text = `${e.content} ${e.source_description}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** The fact list shown beside the graph: current first, then closed, by subject name. */
export function factRows(graph, limit = 300) {
  const names = new Map(graph.entities.map((e) => [e.id, e.name]));
  const rows = graph.facts.map((f) => ({
    id: f.id,
    state: f.state,
    text: `${names.get(f.source_id) ?? "?"} ${f.relation} ${names.get(f.target_id) ?? "?"}`,
    fact: f.fact,
  }));
  rows.sort((a, b) => (a.state === b.state ? a.text.localeCompare(b.text) : a.state === "current" ? -1 : 1));
  return { rows: rows.slice(0, limit), hidden: Math.max(0, rows.length - limit) };
}
