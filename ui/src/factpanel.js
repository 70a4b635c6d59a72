// The fact panel (one fact: relation, text, its four instants as labelled bars, source
// quotes, what closed it and what it closed, its edit trail, an edit form for admins), the
// edit trail list, and the legend. Text from the memory is only ever set as text.

import { closingLinks, factBars, legendEntries } from "./facts.js";
import { h } from "./panels.js";
import { formatMinute } from "./timefit.js";

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (text) el.textContent = text;
  return el;
}

function instantBars(fact) {
  const width = 420;
  const laid = factBars(fact, Date.now(), width);
  const chart = svg("svg", { class: "bars fact-bars", width: "100%", viewBox: `0 0 ${width} 76`, role: "img",
    "aria-label": "when the fact held in the world (valid → invalid) and when the memory believed it (learned → expired)" });
  laid.bars.forEach((bar, i) => {
    const y = i * 34;
    const closed = bar.to ? " closed" : "";
    chart.append(
      svg("text", { x: 0, y: y + 10 }, `${bar.label}: ${formatMinute(bar.from)} → ${bar.to ? formatMinute(bar.to) : "now"}`),
      svg("rect", { class: `${bar.kind}${closed}`, x: bar.x, y: y + 14, width: bar.width, height: 9 }),
    );
  });
  return chart;
}

const factLine = (f, onFact) => h("li", {},
  h("button", { type: "button", class: "link", "data-fact": f.id, on: { click: () => onFact(f.id) } },
    `${f.source_name} ${f.relation} ${f.target_name}`), `: ${f.fact}`);

function closings(fact, known, quotes, onFact) {
  const links = closingLinks(fact, known);
  const closer = fact.expired_at || fact.invalid_at
    ? [h("h3", {}, "Closed by"),
      links.edit ? h("p", {}, `an edit by hand (${links.edit})`) : "",
      links.episode && quotes.get(links.episode) ? h("blockquote", { class: "closer" }, `“${quotes.get(links.episode).content}”`) : "",
      links.closedBy.length ? h("ul", { id: "fact-closed-by" }, links.closedBy.map((f) => factLine(f, onFact)))
        : h("p", {}, links.episode || links.edit ? "(no fact of this entity replaced it)" : "nothing recorded: it ended as told")]
    : [];
  const closed = links.closed.length
    ? [h("h3", {}, "It closed"), h("ul", { id: "fact-closed" }, links.closed.map((f) => factLine(f, onFact)))]
    : [];
  return [...closer, ...closed];
}

/**
 * Fill the fact panel. ``known``: the facts of its entity (for the closing links),
 * ``quotes``: episode id -> episode, ``edits``: its trail; ``onSave(change)`` is given to
 * admins only.
 */
export function renderFact(fact, { known, quotes, edits, onFact, onSave }, container) {
  const state = fact.expired_at ? "withdrawn or superseded" : fact.invalid_at ? "ended" : "current";
  container.replaceChildren(
    h("p", {}, h("span", { class: "tag" }, fact.relation), ` ${state}`),
    h("p", { class: "fact-text" }, fact.fact),
    instantBars(fact),
    h("h3", {}, "Sources"),
    ...fact.episodes.map((id) => quotes.get(id)).filter(Boolean)
      .map((e) => h("blockquote", {}, `“${e.content}” — ${formatMinute(e.reference_time)}`)),
    ...closings(fact, known, quotes, onFact),
    h("h3", {}, "Edit trail"),
    renderTrail(edits),
    onSave ? editForm(fact, onSave) : "",
  );
}

function editForm(fact, onSave) {
  const field = (name, label, value) => h("label", {}, label, h("input", { name, value: value ?? "" }));
  const form = h("form", { id: "fact-edit", class: "edit" },
    h("h3", {}, "Edit this fact"),
    field("fact", "Text", fact.fact),
    field("valid_at", "Valid from (empty: unknown)", fact.valid_at ? formatMinute(fact.valid_at) : ""),
    field("invalid_at", "Valid until (empty: still)", fact.invalid_at ? formatMinute(fact.invalid_at) : ""),
    field("reason", "Why", ""),
    h("button", { type: "submit" }, "Save as a new fact"),
    h("p", { class: "error", role: "alert" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(form).entries());
    onSave(data, form.querySelector(".error"));
  });
  return form;
}

/** The edit trail: newest first, each edit's kind, instant, author and reason. */
export function renderTrail(edits) {
  if (!edits.length) return h("p", { class: "trail" }, "No edit by hand.");
  return h("ol", { class: "trail" }, edits.map((e) =>
    h("li", { "data-edit": e.id }, h("span", { class: "tag" }, e.kind), ` ${formatMinute(e.at)} by ${e.actor}`,
      e.reason ? `: ${e.reason}` : "", e.undoes ? ` (undoes ${e.undoes})` : "")));
}

/** The legend: entity types (fill) and communities (ring). */
export function renderLegend(graph, container) {
  const { types, communities } = legendEntries(graph);
  const row = (cls, color, label, count) => h("li", {},
    h("span", { class: `swatch ${cls}`, "data-color": color }), ` ${label} (${count})`);
  container.replaceChildren(
    h("strong", {}, "Types "), h("ul", { id: "legend-types" }, types.map((t) => row("fill", t.color, t.label, t.count))),
    communities.length ? h("strong", {}, "Communities ") : "",
    communities.length ? h("ul", { id: "legend-communities" }, communities.map((c) => row("ring", c.color, c.label, c.count))) : "",
  );
  // colours from the memory's palette, set as properties (the page's policy allows no inline style attribute)
  for (const swatch of container.querySelectorAll(".swatch")) {
    const prop = swatch.classList.contains("fill") ? "backgroundColor" : "borderColor";
    swatch.style[prop] = swatch.dataset.color;
  }
}
