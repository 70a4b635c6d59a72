// The graph view: Cytoscape.js drawing what one GET .../graph answer holds. Redraws keep
// the positions of entities already drawn, so moving a slider shows what changed.

import cytoscape from "cytoscape";
import { BIG_GRAPH, MIN_ZOOM, StableClusters, diff, frame, neighbours, signature, toElements } from "./model.js";

function style(theme, big) {
  const ink = theme === "dark" ? "#e6e6e6" : "#1d1f23";
  const halo = theme === "dark" ? "#15171b" : "#ffffff";
  return [
    {
      selector: "node",
      style: {
        "background-color": "data(color)",
        "border-width": 3,
        "border-color": "data(ring)",
        width: "data(size)",
        height: "data(size)",
        label: "data(label)",
        color: ink,
        "font-size": 11,
        "text-valign": "bottom",
        "text-margin-y": 3,
        "text-outline-color": halo,
        "text-outline-width": 2,
        "min-zoomed-font-size": big ? 9 : 0,
      },
    },
    {
      selector: "edge",
      style: {
        width: 1.6,
        "line-color": ink,
        "target-arrow-color": ink,
        "target-arrow-shape": big ? "none" : "triangle",
        "curve-style": big ? "haystack" : "bezier",
        label: "", // shown for the selected entity's facts and on hover (.named)
        "font-size": 10,
        color: ink,
        "text-rotation": "autorotate",
        "text-outline-color": halo,
        "text-outline-width": 2,
        "min-zoomed-font-size": 8,
      },
    },
    { selector: "node.lone", style: { label: "", "border-width": 0, opacity: 0.6 } },
    { selector: "node.lone.hover, node.lone:selected", style: { label: "data(label)", opacity: 1 } },
    { selector: "edge.named", style: { label: "data(label)", "z-index": 10 } },
    { selector: "edge.current", style: { "line-style": "solid", opacity: 0.85 } },
    { selector: "edge.closed", style: { "line-style": "dashed", opacity: 0.3 } },
    { selector: "edge.used", style: { width: 4, "line-color": "#e8a400", "target-arrow-color": "#e8a400", opacity: 1 } },
    { selector: "node.used", style: { "border-width": 4, "border-color": "#e8a400" } },
    { selector: "node:selected", style: { "border-width": 4, "border-color": "#2f7cf6" } },
  ];
}

export class GraphView {
  constructor(container, { theme, onSelect, onFact }) {
    this.theme = theme;
    this.big = false;
    this.drawn = new Map(); // id -> signature (classes, an edge's ends): what is on the canvas
    this.clusters = new StableClusters(); // positions of big graphs, kept across redraws
    this.cy = cytoscape({
      container,
      elements: [],
      style: style(theme, false),
      minZoom: MIN_ZOOM,
      maxZoom: 4,
    });
    this.cy.on("tap", "node", (event) => onSelect(event.target.id()));
    this.cy.on("tap", "edge", (event) => onFact?.(event.target.id()));
    this.cy.on("mouseover", "node, edge", (event) => this.hover(event.target, true));
    this.cy.on("mouseout", "node, edge", (event) => this.hover(event.target, false));
  }

  /** Hovering an entity names its facts (and itself, if a lone dot); hovering a fact names it. */
  hover(target, on) {
    const edges = target.isNode() ? target.connectedEdges() : target;
    const toggle = on ? "addClass" : "removeClass";
    target[toggle]("hover");
    edges[toggle]("hover-named");
    this.name();
  }

  /** Name (label) the facts of the selected entity and those hovered; no other. */
  name() {
    const cy = this.cy;
    cy.batch(() => {
      cy.edges(".named").removeClass("named");
      cy.nodes(":selected").connectedEdges().addClass("named");
      cy.edges(".hover-named").addClass("named");
    });
  }

  setTheme(theme) {
    this.theme = theme;
    this.cy.style(style(theme, this.big));
  }

  /**
   * Draw ``graph``; returns once positions are set (the layout may keep settling). Only the
   * difference with what is drawn is applied, in one batch: elements gone are removed, new
   * ones added, and edges whose state changed swap their class. Without new nodes nothing
   * is laid out again.
   */
  show(graph) {
    const next = toElements(graph);
    const cy = this.cy;
    const first = this.drawn.size === 0;
    const { remove, add, restyle } = diff(this.drawn, next);
    const big = graph.entities.length > BIG_GRAPH;
    if (big !== this.big) {
      this.big = big;
      cy.style(style(this.theme, big));
    }
    const nodes = add.filter((el) => el.group === "nodes");
    const added = new Set(nodes.map((n) => n.data.id));
    const positions = big && nodes.length
      ? this.clusters.positions(graph.entities.filter((e) => added.has(e.id)))
      : {};
    const gone = new Set(remove);
    const changed = new Map(restyle.map((el) => [el.data.id, el]));
    cy.batch(() => {
      if (gone.size) cy.remove(cy.elements().filter((el) => gone.has(el.id())));
      if (changed.size) {
        cy.elements().filter((el) => changed.has(el.id())).forEach((el) => {
          const next = changed.get(el.id());
          if (el.isNode()) el.data(next.data);
          el.classes(next.classes);
        });
      }
      const ends = nodes.length && !big ? neighbours(graph) : null;
      nodes.forEach((node, i) => {
        node.position = positions[node.data.id] ?? this.near(node.data.id, ends, i);
      });
      if (add.length) cy.add([...nodes, ...add.filter((el) => el.group === "edges")]);
      cy.$(".used").removeClass("used");
    });
    for (const id of remove) this.drawn.delete(id);
    for (const el of [...add, ...changed.values()]) this.drawn.set(el.data.id, signature(el));
    this.name();
    if (first || (!big && nodes.length > 0)) this.layout(big, first);
  }

  /** Forget everything drawn (another group). */
  clear() {
    this.cy.elements().remove();
    this.drawn.clear();
    this.clusters = new StableClusters();
  }

  /** A spot for a new node: around an entity it links to (the i-th newcomer at the i-th
   * turn of a golden-angle spiral, so a hub's new neighbours do not start on one spot),
   * else around the middle. */
  near(id, ends, i) {
    const angle = i * Math.PI * (3 - Math.sqrt(5));
    const r = 60 + 6 * Math.sqrt(i);
    for (const other of ends?.get(id) ?? []) {
      const node = this.cy.getElementById(other);
      if (node.length) {
        const p = node.position();
        return { x: p.x + r * Math.cos(angle), y: p.y + r * Math.sin(angle) };
      }
    }
    return { x: r * Math.cos(angle), y: r * Math.sin(angle) };
  }

  layout(big, fit) {
    if (big) {
      // Positions are set already; fitting by bounding boxes would measure every label and
      // edge (seconds at 20,000 edges), so frame the node positions arithmetically.
      if (fit) this.cy.viewport(frame(this.cy.nodes().map((n) => n.position()), this.cy.width(), this.cy.height()));
      return;
    }
    // A hub's neighbours spread out: an edge is as long as its busier end needs room.
    const room = (edge) => 70 + 18 * Math.sqrt(Math.max(edge.source().degree(), edge.target().degree()));
    const layout = this.cy.layout({ name: "cose", animate: "end", animationDuration: 400, fit: true,
      padding: 60, randomize: false, nodeRepulsion: (node) => 9000 + 3000 * node.degree(),
      idealEdgeLength: room, edgeElasticity: () => 60, gravity: 0.15, nodeOverlap: 20, numIter: 1500 });
    layout.one("layoutstop", () => {
      if (this.cy.zoom() > 1.4) {
        this.cy.zoom(1.4);
        this.cy.center();
      }
    });
    layout.run();
  }

  highlight(factIds, entityIds) {
    const cy = this.cy;
    cy.batch(() => {
      cy.$(".used").removeClass("used");
      for (const id of [...factIds, ...entityIds]) cy.getElementById(id).addClass("used");
    });
  }

  select(id) {
    const node = this.cy.getElementById(id);
    this.cy.elements().unselect();
    if (node.length) node.select();
    this.name();
  }
}
