// The page: sign in, pick a group, draw its graph at two instants, and keep it live.

import { ApiError, makeApi, saveKey, savedKey } from "./api.js";
import { GraphView } from "./graph.js";
import {
  SLIDER_STEPS, formatInstant, fromCompact, parseInstant, sliderToTime, systemIndex, systemStep,
  timeToSlider, worldRange,
} from "./model.js";
import { h, renderEntity, renderEpisodes, renderFactList } from "./panels.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 2000;

const state = {
  api: null, key: null, group: null, view: null,
  world: null, system: null, // ISO instants, null = now
  range: null, systemEvents: [], graph: null, version: -1,
  episodes: [], drawSeq: 0, inflight: null, pending: false, playing: false, poller: null,
  entity: null, entitySystem: null, names: "",
  timings: [],
};
window.chronomem = state; // for the browser tests and the perf script: read-only use

function theme() {
  const chosen = localStorage.getItem("chronomem.theme");
  if (chosen) return chosen;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function applyTheme(name) {
  document.documentElement.dataset.theme = name;
  state.view?.setTheme(name);
}

function showError(id, error) {
  $(id).textContent = error ? (error instanceof ApiError ? `${error.message} (${error.status})` : String(error.message || error)) : "";
}

async function signIn(key) {
  const api = makeApi(key);
  const me = await api.groups(); // 401 for a wrong key: nothing is kept
  saveKey(key);
  Object.assign(state, { api, key: me.key });
  $("signin").hidden = true;
  $("app").hidden = false;
  $("signout").hidden = false;
  $("group-label").hidden = false;
  const groups = me.groups;
  $("group-names").replaceChildren(...groups.map((g) => h("option", { value: g })));
  if (!state.view) {
    state.view = new GraphView($("cy"), { theme: theme(), onSelect: openEntity });
  }
  if (groups.length) {
    $("group").value = groups[0];
    await selectGroup(groups[0]);
  } else {
    $("graph-info").textContent = "No group with episodes yet for this key: type a group id above.";
  }
}

async function selectGroup(group) {
  state.group = group;
  state.world = null;
  state.system = null;
  state.version = -1;
  state.view.clear();
  $("entity").hidden = true;
  await Promise.all([redraw(), loadEpisodes()]);
  startPolling();
}

/** Redraw at the chosen instants: one request at a time; moves made meanwhile are
 * coalesced into one more request for the latest instants (a dragged slider never queues). */
async function redraw() {
  if (state.inflight) {
    state.pending = true;
    return state.inflight;
  }
  state.inflight = drawOnce();
  try {
    await state.inflight;
  } finally {
    state.inflight = null;
  }
  if (state.pending) {
    state.pending = false;
    await redraw();
  }
}

/** Fetch the graph at the chosen instants and draw it. */
async function drawOnce() {
  const seq = ++state.drawSeq;
  const group = state.group;
  const started = performance.now();
  let graph;
  try {
    graph = fromCompact(await state.api.graph(group, state.world, state.system, $("limit").value));
  } catch (error) {
    showError("time-error", error);
    return;
  }
  if (group !== state.group) return; // the user switched groups meanwhile
  const fetched = performance.now();
  showError("time-error", null);
  state.graph = graph;
  state.version = graph.version;
  if (!state.world && !state.system) {
    state.range = worldRange(graph, Date.now());
    state.systemEvents = graph.system_events;
    $("system").max = String(state.systemEvents.length);
  }
  state.view.show(graph);
  const shown = performance.now();
  syncTimeControls();
  if (state.entity && !$("entity").hidden && state.entitySystem !== state.system) {
    openEntity(state.entity); // its facts as believed at the new system time
  }
  renderFactList(graph, $("fact-list"), $("fact-list-box").querySelector("summary"));
  const names = graph.entities.slice(0, 2000).map((e) => e.name);
  if (names.join("\n") !== state.names) { // rebuilt only when the drawn names change
    state.names = names.join("\n");
    $("entity-names").replaceChildren(...names.map((name) => h("option", { value: name })));
  }
  const listed = performance.now();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const drawn = performance.now();
  state.timings.push({
    fetch_ms: fetched - started, draw_ms: drawn - fetched, total_ms: drawn - started,
    // parts of draw: the Cytoscape update, the side lists, the paint (two frames)
    graph_ms: shown - fetched, lists_ms: listed - shown, paint_ms: drawn - listed,
  });
  $("graph-info").textContent =
    ` · world ${state.world ? formatInstant(state.world) : "now"} · believed ${state.system ? formatInstant(state.system) : "now"} · ` +
    `${graph.entities.length} entities, ${graph.facts.length} facts` +
    (graph.truncated ? ` (the ${graph.entities.length} most mentioned of ${graph.total_entities})` : "");
  document.body.dataset.drawn = String(seq);
}

function syncTimeControls() {
  const { start, end } = state.range;
  $("world").value = state.world ? timeToSlider(Date.parse(state.world), start, end) : SLIDER_STEPS;
  $("system").value = state.system ? systemIndex(state.systemEvents, state.system) : state.systemEvents.length;
  if (document.activeElement !== $("world-at")) $("world-at").value = state.world ?? "now";
  if (document.activeElement !== $("system-at")) $("system-at").value = state.system ?? "now";
}

function setWorldFromSlider() {
  const value = Number($("world").value);
  state.world = value >= SLIDER_STEPS ? null : new Date(sliderToTime(value, state.range.start, state.range.end)).toISOString();
  redraw();
}

function setSystemFromSlider() {
  state.system = systemStep(state.systemEvents, Number($("system").value));
  redraw();
}

function setFromText(which) {
  try {
    state[which] = parseInstant($(`${which}-at`).value);
  } catch (error) {
    showError("time-error", error);
    return;
  }
  redraw();
}

async function play() {
  if (state.playing) {
    state.playing = false;
    return;
  }
  state.playing = true;
  $("play").textContent = "⏸ Pause";
  $("play").setAttribute("aria-pressed", "true");
  for (let v = 0; v <= SLIDER_STEPS && state.playing; v += 20) {
    $("world").value = String(v);
    state.world = v >= SLIDER_STEPS ? null : new Date(sliderToTime(v, state.range.start, state.range.end)).toISOString();
    await redraw();
    await new Promise((resolve) => setTimeout(resolve, 120));
  }
  state.playing = false;
  $("play").textContent = "▶ Play";
  $("play").setAttribute("aria-pressed", "false");
}

async function openEntity(id) {
  try {
    const system = state.system;
    const detail = await state.api.entity(state.group, id, system); // facts as believed then
    state.entity = id;
    state.entitySystem = system;
    $("entity").hidden = false;
    $("entity-title").textContent = detail.entity.name;
    renderEntity(detail, $("entity-body"));
    state.view.select(id);
  } catch (error) {
    showError("time-error", error);
  }
}

async function ask(question) {
  $("ask-meta").textContent = "Asking…";
  try {
    const answer = await state.api.context(state.group, question, state.world, state.system);
    $("context").textContent = answer.context;
    $("ask-meta").textContent = `${answer.tokens} tokens (estimated) · ${answer.fact_ids.length} facts used, highlighted · ${answer.took_ms} ms`;
    state.view.highlight(answer.fact_ids, answer.entity_ids);
  } catch (error) {
    $("ask-meta").textContent = "";
    showError("ask-meta", error);
  }
}

async function loadEpisodes() {
  try {
    state.episodes = (await state.api.episodes(state.group)).episodes;
  } catch (error) {
    state.episodes = [];
    showError("time-error", error);
  }
  showEpisodes();
}

function showEpisodes() {
  renderEpisodes(state.episodes, $("episode-query").value, $("episode-list"), {
    admin: state.key?.admin,
    onDelete: deleteEpisode,
  });
}

async function deleteEpisode(id, button) {
  button.disabled = true;
  try {
    await state.api.deleteEpisode(state.group, id);
  } catch (error) {
    showError("time-error", error);
  }
  await Promise.all([redraw(), loadEpisodes()]);
  if (state.entity) await openEntity(state.entity);
}

async function poll() {
  if (!state.group) return;
  try {
    const status = await state.api.status(state.group);
    const q = status.queue;
    const failed = status.failed.map((f) => `${f.id}: ${f.error}`).join("; ");
    $("queue").textContent = `queued ${q.queued} · processing ${q.processing} · failed ${q.failed}` + (failed ? ` — ${failed}` : "");
    if (status.version !== state.version && !state.playing) {
      state.version = status.version;
      await Promise.all([redraw(), loadEpisodes()]);
    }
  } catch (error) {
    $("queue").textContent = `status unavailable: ${error.message}`;
  }
}

function startPolling() {
  clearInterval(state.poller);
  poll();
  state.poller = setInterval(poll, POLL_MS);
}

function wire() {
  applyTheme(theme());
  $("theme").addEventListener("click", () => {
    const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    localStorage.setItem("chronomem.theme", next);
    applyTheme(next);
  });
  $("signin-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("signin-error", null);
    try {
      await signIn($("key").value.trim());
    } catch (error) {
      saveKey("");
      showError("signin-error", error.status === 401 ? new Error(`This key was refused: ${error.message}.`) : error);
    }
  });
  $("signout").addEventListener("click", () => {
    saveKey("");
    location.reload();
  });
  $("group").addEventListener("change", (event) => {
    const group = event.target.value.trim();
    if (group && group !== state.group) selectGroup(group);
  });
  $("world").addEventListener("input", setWorldFromSlider);
  $("system").addEventListener("input", setSystemFromSlider);
  $("world-at").addEventListener("change", () => setFromText("world"));
  $("system-at").addEventListener("change", () => setFromText("system"));
  $("play").addEventListener("click", play);
  $("limit").addEventListener("change", () => redraw());
  $("reset").addEventListener("click", () => {
    state.world = null;
    state.system = null;
    redraw();
  });
  $("ask-form").addEventListener("submit", (event) => {
    event.preventDefault();
    ask($("question").value);
  });
  $("episode-query").addEventListener("input", showEpisodes);
  $("episode-search").addEventListener("submit", async (event) => {
    event.preventDefault();
    const query = $("episode-query").value.trim();
    if (!query) return loadEpisodes();
    const found = await state.api.searchEpisodes(state.group, query);
    state.episodes = found.episodes.sort((a, b) => b.reference_time.localeCompare(a.reference_time));
    renderEpisodes(state.episodes, "", $("episode-list"), { admin: state.key?.admin, onDelete: deleteEpisode });
  });
  $("find-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("find").value.trim().toLowerCase();
    const entity = state.graph?.entities.find((e) => e.name.toLowerCase() === name)
      ?? state.graph?.entities.find((e) => e.name.toLowerCase().includes(name));
    if (entity) openEntity(entity.id);
  });
  const key = savedKey();
  if (key) signIn(key).catch(() => saveKey(""));
}

wire();
