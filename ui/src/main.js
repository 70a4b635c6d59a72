// The page: sign in, pick a group, draw its graph at two instants, and keep it live.

import { ApiError, makeApi, saveKey, savedKey } from "./api.js";
import { GraphView } from "./graph.js";
import { makeCorrections } from "./correct.js";
import { renderLegend } from "./factpanel.js";
import { threadGraph, threadsOf } from "./facts.js";
import { fromCompact } from "./model.js";
import { h, renderEntity, renderEpisodes, renderFactList } from "./panels.js";
import { fitSliders, syncTimeControls } from "./sliders.js";
import { formatMinute as formatInstant, parseInstant, stepInstant } from "./timefit.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 2000;

const state = {
  api: null, key: null, group: null, view: null,
  world: null, system: null, // ISO instants, null = now
  worldEvents: [], systemEvents: [], graph: null, version: -1,
  thread: "", threadEpisodes: [], fact: null, editing: { world: false, system: false },
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
    state.view = new GraphView($("cy"), { theme: theme(), onSelect: openEntity, onFact: (id) => corrections.openFact(id) });
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
  state.thread = "";
  $("thread").value = "";
  state.view.clear();
  $("entity").hidden = true;
  $("fact").hidden = true;
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
    graph = await fetchGraph(group);
  } catch (error) {
    showError("time-error", error);
    return;
  }
  if (group !== state.group) return; // the user switched groups meanwhile
  const fetched = performance.now();
  showError("time-error", null);
  state.graph = graph;
  state.version = graph.version;
  if (!state.world && !state.system) fitSliders(state, $, graph);
  state.view.show(graph);
  renderLegend(graph, $("legend"));
  const shown = performance.now();
  syncTimeControls(state, $);
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

/** The graph at the chosen instants: the compact form, or the full one cut to a thread. */
async function fetchGraph(group) {
  const limit = $("limit").value;
  if (!state.thread) return fromCompact(await state.api.graph(group, state.world, state.system, limit));
  return threadGraph(await state.api.fullGraph(group, state.world, state.system, limit), state.threadEpisodes);
}

function setFromSlider(which) {
  state[which] = stepInstant(state[`${which}Events`], Number($(which).value));
  state.editing[which] = false;
  redraw();
}

/** Enter (or leaving the box) sets the instant typed; an emptied box waits to be typed in. */
function setFromText(which, committed) {
  const typed = $(`${which}-at`).value;
  state.editing[which] = !typed.trim() && !committed;
  if (state.editing[which]) return;
  try {
    state[which] = parseInstant(typed);
  } catch (error) {
    showError("time-error", error);
    return;
  }
  state.editing[which] = false;
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
  for (let v = 0; v <= state.worldEvents.length && state.playing; v += 1) {
    $("world").value = String(v);
    state.world = stepInstant(state.worldEvents, v);
    await redraw();
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  state.playing = false;
  $("play").textContent = "▶ Play";
  $("play").setAttribute("aria-pressed", "false");
}

async function openEntity(id) {
  try {
    const system = state.system;
    const [detail, trail] = await Promise.all([
      state.api.entity(state.group, id, system), // facts as believed then
      state.api.edits(state.group, "entities", id),
    ]);
    state.entity = id;
    state.entitySystem = system;
    $("entity").hidden = false;
    $("entity-title").textContent = detail.entity.name;
    renderEntity(detail, $("entity-body"), {
      onFact: corrections.openFact, edits: trail.edits, trail: corrections.trail,
      merge: state.key?.admin ? corrections.mergeForm(detail.entity) : null,
    });
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
    const all = (await state.api.episodes(state.group)).episodes;
    showThreads(all);
    state.episodes = state.thread ? all.filter((e) => e.thread_id === state.thread) : all;
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

function showThreads(episodes) {
  const threads = threadsOf(episodes);
  if (state.thread && !threads.includes(state.thread)) threads.push(state.thread);
  const names = ["", ...threads].join("\n");
  if ($("thread").dataset.names === names) return;
  $("thread").dataset.names = names;
  $("thread").replaceChildren(h("option", { value: "" }, "all threads"), ...threads.map((t) => h("option", { value: t }, t)));
  $("thread").value = state.thread;
  $("thread-label").hidden = !threads.length;
}

/** Show one thread's facts and episodes (a thread is provenance: the group stays whole). */
async function selectThread(thread) {
  state.thread = thread;
  try {
    state.threadEpisodes = thread ? (await state.api.threadEpisodes(state.group, thread)).episodes.map((e) => e.id) : [];
  } catch (error) {
    showError("time-error", error);
  }
  state.view.clear();
  await Promise.all([redraw(), loadEpisodes()]);
}

/** After a correction: the graph, the episodes and the open entity again. */
async function refresh() {
  await Promise.all([redraw(), loadEpisodes()]);
  if (state.entity && !$("entity").hidden) await openEntity(state.entity);
}

const corrections = makeCorrections({ state, $, refresh, showError });

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
  for (const which of ["world", "system"]) {
    $(which).addEventListener("input", () => setFromSlider(which));
    $(`${which}-at`).addEventListener("change", () => setFromText(which, false));
    $(`${which}-at`).addEventListener("keydown", (event) => {
      if (event.key === "Enter") setFromText(which, true);
    });
  }
  $("thread").addEventListener("change", (event) => selectThread(event.target.value));
  $("fact-list").addEventListener("click", (event) => {
    const item = event.target.closest("li[data-fact]");
    if (item) corrections.openFact(item.dataset.fact);
  });
  $("play").addEventListener("click", play);
  $("limit").addEventListener("change", () => redraw());
  $("reset").addEventListener("click", () => {
    state.world = null;
    state.system = null;
    state.editing = { world: false, system: false };
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
