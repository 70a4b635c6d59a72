// Pure helpers of the fact panel, the legend and the thread filter: API answers in, plain
// data out (unit-tested in test/facts.test.js).

import { communityColor, fittedAxis, labelColor } from "./model.js";
import { parseInstant } from "./timefit.js";

const note = (fact) => {
  const closed = fact.attributes?.closed_by;
  return closed && typeof closed === "object" ? closed : null;
};

/**
 * What closed ``fact`` and what it closed, among ``facts`` (the facts known around it):
 * an edit's successor names the fact it supersedes; otherwise the closing note names the
 * episode that closed it, and the facts that episode supports are its closers.
 */
export function closingLinks(fact, facts) {
  const others = facts.filter((f) => f.id !== fact.id);
  const closing = note(fact);
  const byEdit = closing?.episode === "edit";
  const closedBy = byEdit
    ? others.filter((f) => f.attributes?.supersedes === fact.id)
    : closing?.episode ? others.filter((f) => f.episodes.includes(closing.episode)) : [];
  const closed = others.filter((f) => {
    if (f.id === fact.attributes?.supersedes) return true;
    const theirs = note(f);
    return Boolean(theirs?.episode && theirs.episode !== "edit" && fact.episodes.includes(theirs.episode));
  });
  return {
    episode: byEdit ? null : closing?.episode ?? null,
    edit: byEdit ? fact.attributes?.edit ?? null : null,
    closedBy,
    closed,
  };
}

/**
 * The four instants of one fact as two labelled bars on one axis (x from 0 to width):
 * world (valid_at -> invalid_at) and system (created_at -> expired_at); open ends run to the
 * axis end (see ``fittedAxis``).
 */
export function factBars(fact, nowMs, width) {
  const { start, end } = fittedAxis([fact.valid_at, fact.invalid_at, fact.created_at, fact.expired_at], nowMs);
  const x = (ms) => ((ms - start) / (end - start)) * width;
  const bar = (kind, label, from, to) => {
    const a = x(from ? Date.parse(from) : start);
    const b = x(to ? Date.parse(to) : end);
    return { kind, label, from, to, x: a, width: Math.max(2, b - a) };
  };
  return {
    start,
    end,
    bars: [
      bar("world", "world: valid → invalid", fact.valid_at, fact.invalid_at),
      bar("system", "memory: learned → expired", fact.created_at, fact.expired_at),
    ],
  };
}

/**
 * The legend of a drawn graph: one row per entity type (fill colour, the primary label)
 * and one per community (ring colour), named after its most mentioned member.
 */
export function legendEntries(graph) {
  const types = new Map();
  const communities = new Map();
  for (const e of graph.entities) {
    const type = e.labels?.[0] ?? "";
    types.set(type, (types.get(type) ?? 0) + 1);
    if (e.community_id) {
      const c = communities.get(e.community_id) ?? { count: 0, top: e };
      c.count += 1;
      if (e.mentions > c.top.mentions) c.top = e;
      communities.set(e.community_id, c);
    }
  }
  return {
    types: [...types.entries()]
      .sort((a, b) => Number(!a[0]) - Number(!b[0]) || b[1] - a[1] || a[0].localeCompare(b[0])) // untyped last
      .map(([label, count]) => ({ label: label || "no type", color: labelColor(label ? [label] : []), count })),
    communities: [...communities.entries()]
      .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
      .map(([id, c]) => ({ id, label: `${c.top.name}'s community`, color: communityColor(id), count: c.count })),
  };
}

/** The threads named by ``episodes`` (their ``thread_id``s), sorted. */
export function threadsOf(episodes) {
  return [...new Set(episodes.map((e) => e.thread_id).filter(Boolean))].sort();
}

/**
 * A full GET .../graph answer cut to one thread: the facts some episode of the thread
 * supports, and the entities they link. A thread is provenance: nothing else changes.
 */
export function threadGraph(graph, episodeIds) {
  const ids = new Set(episodeIds);
  const facts = graph.facts.filter((f) => (f.episodes || []).some((id) => ids.has(id)));
  const ends = new Set(facts.flatMap((f) => [f.source_id, f.target_id]));
  const entities = graph.entities.filter((e) => ends.has(e.id));
  return { ...graph, facts, entities, total_entities: entities.length, total_facts: facts.length, truncated: false };
}

/**
 * The body of POST .../facts/{id}/edit from the edit form's fields: only what changed; a
 * date box emptied clears that date (null); a date that does not parse throws with a hint.
 */
export function editChange(fact, form) {
  const change = {};
  const text = String(form.fact ?? "").trim();
  if (text && text !== fact.fact) change.fact = text;
  for (const name of ["valid_at", "invalid_at"]) {
    const typed = String(form[name] ?? "").trim();
    const next = typed ? parseInstant(typed) : null;
    const was = fact[name] ? new Date(Date.parse(fact[name])).toISOString() : null;
    if (typed && was && next.slice(0, 16) === was.slice(0, 16)) continue; // shown at minute precision
    if (next !== was) change[name] = next;
  }
  if (!Object.keys(change).length) throw new Error("Nothing changed: edit the text or a date first.");
  const reason = String(form.reason ?? "").trim();
  if (reason) change.reason = reason;
  return change;
}
