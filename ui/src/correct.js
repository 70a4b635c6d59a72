// Opening one fact, editing it and merging entities from the page, through the REST
// correction routes (admin keys); every change redraws the graph and the open panels.

import { editChange } from "./facts.js";
import { renderFact, renderTrail } from "./factpanel.js";
import { h } from "./panels.js";

/**
 * ``ctx``: { state, $, refresh() (graph, episodes and open entity), showError(id, err) }.
 */
export function makeCorrections(ctx) {
  const { state, $ } = ctx;

  async function quotesFor(ids, known) {
    const quotes = new Map(known.map((e) => [e.id, e]));
    const missing = [...new Set(ids)].filter((id) => id && id !== "edit" && !quotes.has(id));
    const found = await Promise.all(missing.map((id) => state.api.episode(state.group, id).catch(() => null)));
    for (const answer of found) if (answer?.episode) quotes.set(answer.episode.id, answer.episode);
    return quotes;
  }

  async function openFact(id) {
    try {
      const fact = await state.api.fact(state.group, id);
      const [detail, trail] = await Promise.all([
        state.api.entity(state.group, fact.source_id),
        state.api.edits(state.group, "facts", id),
      ]);
      const closer = fact.attributes?.closed_by?.episode;
      const quotes = await quotesFor([...fact.episodes, closer], detail.episodes);
      state.fact = id;
      $("fact").hidden = false;
      $("fact-title").textContent = `${fact.source_name} ${fact.relation} ${fact.target_name}`;
      renderFact(fact, {
        known: detail.facts, quotes, edits: trail.edits, onFact: openFact,
        onSave: state.key?.admin ? (form, error) => save(fact, form, error) : null,
      }, $("fact-body"));
      $("fact").scrollIntoView({ block: "nearest" });
    } catch (error) {
      ctx.showError("time-error", error);
    }
  }

  async function save(fact, form, error) {
    try {
      const edit = await state.api.editFact(state.group, fact.id, editChange(fact, form));
      await ctx.refresh();
      const written = edit.subjects.find((s) => s !== edit.id && s !== fact.id);
      await openFact(written ?? fact.id);
    } catch (failure) {
      error.textContent = String(failure.message || failure);
    }
  }

  /** The merge form of an entity's panel (admins): another entity, by name, into this one. */
  function mergeForm(entity) {
    const name = h("input", { id: "merge-name", list: "entity-names", placeholder: "the other entity's name" });
    const reason = h("input", { id: "merge-reason", placeholder: "why (kept in the trail)" });
    const error = h("p", { class: "error", role: "alert" });
    const form = h("form", { id: "merge-form", class: "edit" },
      h("h3", {}, `Merge another entity into ${entity.name}`), name, reason,
      h("button", { type: "submit" }, "Merge"), error);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const typed = name.value.trim().toLowerCase();
      const other = state.graph?.entities.find((e) => e.name.toLowerCase() === typed && e.id !== entity.id);
      if (!other) {
        error.textContent = `No other drawn entity is called "${name.value.trim()}": pick one from the list.`;
        return;
      }
      try {
        await state.api.merge(state.group, entity.id, other.id, reason.value.trim());
        await ctx.refresh();
      } catch (failure) {
        error.textContent = String(failure.message || failure);
      }
    });
    return form;
  }

  return { openFact, mergeForm, trail: renderTrail };
}
