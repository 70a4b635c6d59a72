// The side panels: entity detail, fact list, episodes. Text from the memory is only ever
// set as text (never parsed as HTML).

import { factRows, filterEpisodes, formatInstant, timelineBars } from "./model.js";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "on") for (const [ev, fn] of Object.entries(value)) el.addEventListener(ev, fn);
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return el;
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

function barChart(facts, laid, kind, label) {
  const width = 420;
  const rowHeight = 18;
  const chart = svg("svg", {
    class: `bars ${kind}`,
    width: "100%",
    viewBox: `0 0 ${width} ${facts.length * rowHeight + 14}`,
    role: "img",
    "aria-label": `${label}: one bar per fact, in the order of the list below`,
  });
  laid.rows.forEach((row, i) => {
    const closed = (kind === "world" ? facts[i].invalid_at : facts[i].expired_at) ? " closed" : "";
    const r = row[kind];
    const name = svg("text", { class: "bar-label", x: 0, y: i * rowHeight + 8 });
    name.textContent = `${facts[i].relation} ${facts[i].target_name ?? ""}`;
    chart.append(name, svg("rect", { class: `${kind}${closed}`, x: r.x, y: i * rowHeight + 10, width: r.width, height: 6 }));
  });
  const axis = facts.length * rowHeight + 11;
  const left = svg("text", { x: 0, y: axis });
  left.textContent = formatInstant(new Date(laid[kind].start).toISOString());
  const right = svg("text", { x: width, y: axis, "text-anchor": "end" });
  right.textContent = `now — ${label}`;
  chart.append(left, right);
  return chart;
}

function bars(facts) {
  const laid = timelineBars(facts, Date.now(), 420);
  return [
    barChart(facts, laid, "world", "world time (valid → invalid)"),
    barChart(facts, laid, "system", "system time (learned → retracted)"),
  ];
}

/** The entity panel for a GET .../entities/{id} answer; a fact's text opens it
 * (``onFact``), the trail lists the entity's edits, admins get the merge form. */
export function renderEntity(detail, container, { onFact, edits = [], trail = null, merge = null } = {}) {
  const episodes = new Map(detail.episodes.map((e) => [e.id, e]));
  const entity = detail.entity;
  const factItems = detail.facts.map((f) => {
    const closed = f.invalid_at || f.expired_at;
    return h(
      "li",
      { class: `fact${closed ? " closed" : ""}`, "data-fact": f.id },
      h("button", { type: "button", class: "link text", on: { click: () => onFact?.(f.id) } },
        `${f.source_name} ${f.relation} ${f.target_name}: ${f.fact}`),
      h(
        "div",
        { class: "times" },
        `valid ${formatInstant(f.valid_at)} → ${formatInstant(f.invalid_at)} · `,
        `known ${formatInstant(f.created_at)} → ${formatInstant(f.expired_at)}`,
      ),
      f.episodes
        .map((id) => episodes.get(id))
        .filter(Boolean)
        .map((e) => h("blockquote", {}, `“${e.content}” — ${formatInstant(e.reference_time)}`)),
    );
  });
  container.replaceChildren(
    h("p", {}, entity.summary || "(no summary)"),
    h("p", {}, entity.labels.length ? h("span", { class: "tag", title: "primary type" }, entity.labels[0]) : "",
      detail.aliases.length ? h("span", { class: "aliases" }, `also called: ${detail.aliases.join(", ")}`) : "",
      ` · ${detail.mentions} mention${detail.mentions === 1 ? "" : "s"}`,
      detail.community ? ` · community: ${detail.community.name}` : ""),
    h("h3", {}, "Timeline"),
    ...(detail.facts.length ? bars(detail.facts) : [h("p", {}, "No facts.")]),
    h("ol", { class: "facts" }, factItems),
    trail ? h("h3", {}, "Edit trail") : "",
    trail ? trail(edits) : "",
    merge ?? "",
  );
}

/** The accessible list of the facts drawn (current first), capped. */
export function renderFactList(graph, list, summary) {
  const { rows, hidden } = factRows(graph);
  list.replaceChildren(
    ...rows.map((r) =>
      h("li", { class: r.state, "data-fact": r.id, "data-state": r.state, title: r.fact || null }, `${r.text} (${r.state})`),
    ),
  );
  const current = graph.facts.filter((f) => f.state === "current").length;
  summary.textContent = `Facts shown: ${current} current, ${graph.facts.length - current} closed${
    hidden ? ` (list shows ${rows.length})` : ""
  }`;
}

/** The episode list, newest first; admins get a two-step delete button. */
export function renderEpisodes(episodes, query, list, { admin, onDelete }) {
  const shown = filterEpisodes(episodes, query);
  list.replaceChildren(
    ...shown.map((e) => {
      const item = h(
        "li",
        { "data-episode": e.id },
        h("time", { datetime: e.reference_time }, formatInstant(e.reference_time)),
        h("span", { class: "content" }, e.content),
      );
      if (admin) {
        const button = h("button", { type: "button", class: "danger", "aria-label": `Delete episode ${e.id}` }, "Delete");
        button.addEventListener("click", () => {
          if (button.dataset.armed) onDelete(e.id, button);
          else {
            button.dataset.armed = "1";
            button.textContent = "Confirm delete";
          }
        });
        button.addEventListener("blur", () => {
          delete button.dataset.armed;
          button.textContent = "Delete";
        });
        item.append(" ", button);
      }
      return item;
    }),
  );
  if (!shown.length) list.replaceChildren(h("li", {}, query ? "No episode matches." : "No episodes yet."));
}
