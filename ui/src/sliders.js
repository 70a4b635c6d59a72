// The time controls on the page: the two sliders (fitted to the group's events, see
// timefit.js) and their text boxes, set from the page's state.

import { formatMinute as formatInstant, sliderEvents, stepOf, stepText } from "./timefit.js";

/** Each slider steps through the group's events, first to last, then "now" at the right. */
export function fitSliders(state, $, graph) {
  state.worldEvents = sliderEvents(graph.world_events, graph.system_events);
  state.systemEvents = sliderEvents(graph.system_events);
  for (const which of ["world", "system"]) {
    const events = state[`${which}Events`];
    $(which).max = String(events.length);
    $(`${which}-first`).textContent = events.length ? formatInstant(events[0]) : "";
    $(`${which}-last`).textContent = events.length ? `${formatInstant(events[events.length - 1])} (last event)` : "";
  }
}

/** Set the sliders, their spoken value and (unless being typed in) the boxes to the state. */
export function syncTimeControls(state, $) {
  for (const which of ["world", "system"]) {
    const events = state[`${which}Events`];
    const step = stepOf(events, state[which]);
    $(which).value = String(step);
    $(which).setAttribute("aria-valuetext", state[which] ? formatInstant(state[which]) : stepText(events, step));
    const box = $(`${which}-at`);
    if (document.activeElement !== box && !state.editing[which]) box.value = state[which] ? formatInstant(state[which]) : "now";
  }
}
