"""The page's reading and correcting in real headless Chromium (issue 23): edge labels only
for the selected entity, the legend, sliders fitted to the data, the fact panel, an edit
and a merge made from the page, the thread filter.

Shares the server, browser and screenshot fixtures of ``test_ui_browser.py`` (skipped the
same way without Debian's chromium). Set ``CHRONOMEM_UI_DOCS=docs/img`` to also save the
screenshots the docs show.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from tests import test_ui_browser as ui  # skips this module too without chromium
from tests.test_ui_browser import drawn_edges, facts, set_instant, sign_in, text, wait

pytestmark = pytest.mark.slow
server, driver, shots = ui.server, ui.driver, ui.shots  # the same fixtures, by name
Shots = Callable[[WebDriver, str], None]


def picture(driver: WebDriver, shots: Shots, name: str) -> None:
    shots(driver, name)
    folder = os.environ.get("CHRONOMEM_UI_DOCS")
    if folder:
        driver.save_screenshot(str(Path(folder) / f"ui-{name}.png"))


def ingest(base: str, token: str, group: str, said: list[dict[str, str]]) -> None:
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as api:
        assert api.post(f"/v1/groups/{group}/episodes/batch", json={"episodes": said}).is_success
        deadline = time.monotonic() + 60
        while api.get(f"/v1/groups/{group}/status").json()["queue"]["done"] < len(said):
            assert time.monotonic() < deadline, f"the {group} episodes were not ingested in 60 s"
            time.sleep(0.2)


def open_group(driver: WebDriver, group: str) -> None:
    wait(driver, lambda: "queued" in text(driver, "queue"))
    set_instant(driver, "group", group)
    driver.execute_script("document.getElementById('group').dispatchEvent(new Event('change'))")


def labelled_edges(driver: WebDriver) -> list[str]:
    """The edges whose label is drawn (Cytoscape's computed style), as 'Source RELATION'."""
    script = """return window.chronomem.view.cy.edges()
      .filter(e => e.style('label') !== '')
      .map(e => [e.source(), e, e.target()].map(x => x.data('label')).join(' '))"""
    return sorted(driver.execute_script(script))


def fact_items(driver: WebDriver) -> list[str]:
    script = """return [...document.querySelectorAll('#entity-body li.fact')]
      .map(li => li.className + ' | ' + li.textContent)"""
    return list(driver.execute_script(script))


def test_edge_labels_wait_for_a_selection_and_the_legend_names_the_colours(  # type: ignore[no-untyped-def]
    driver: WebDriver, server: tuple[str, str], shots
) -> None:
    base, token = server
    sign_in(driver, base, token)
    wait(driver, lambda: facts(driver).get("Alice WORKS_AT Meta") == "current")
    assert labelled_edges(driver) == []  # nothing piles up before a choice
    legend = text(driver, "legend")
    assert "Types" in legend and "Person" in legend
    types = driver.execute_script(
        "return window.chronomem.view.cy.nodes().map(n => n.data('type'))"
    )
    swatches = driver.find_elements(By.CSS_SELECTOR, "#legend-types li")
    assert len(swatches) == len(set(types))  # one row per primary type drawn
    set_instant(driver, "find", "Alice")
    wait(driver, lambda: text(driver, "entity-title") == "Alice")
    wait(driver, lambda: labelled_edges(driver) != [])
    alice = driver.execute_script(
        "return window.chronomem.view.cy.$(':selected').connectedEdges().length"
    )
    assert len(labelled_edges(driver)) == alice
    assert all(e.startswith("Alice ") or e.endswith(" Alice") for e in labelled_edges(driver))
    assert "Alice WORKS_AT Meta" in labelled_edges(driver)
    picture(driver, shots, "labels-and-legend")


def test_sliders_span_the_data_and_a_cleared_box_takes_a_typed_date(  # type: ignore[no-untyped-def]
    driver: WebDriver, server: tuple[str, str], shots
) -> None:
    base, token = server
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as api:
        events = sorted(set(api.get("/v1/groups/demo/graph").json()["world_events"]))
    sign_in(driver, base, token)
    wait(driver, lambda: facts(driver).get("Alice WORKS_AT Meta") == "current")
    slider = driver.find_element(By.ID, "world")
    assert (slider.get_attribute("min"), slider.get_attribute("max")) == ("0", str(len(events)))
    assert text(driver, "world-first") == events[0][:16].replace("T", " ") + "Z"
    assert text(driver, "world-last").startswith(events[-1][:16].replace("T", " "))
    # Home: the first event; each arrow key: the next event; End: now.
    slider.send_keys(Keys.HOME)
    box = driver.find_element(By.ID, "world-at")
    wait(driver, lambda: box.get_attribute("value") == events[0][:16].replace("T", " ") + "Z")
    slider.send_keys(Keys.ARROW_RIGHT)
    wait(driver, lambda: box.get_attribute("value") == events[1][:16].replace("T", " ") + "Z")
    slider.send_keys(Keys.END)
    wait(driver, lambda: box.get_attribute("value") == "now")
    # Clearing the box leaves it empty (a poll or two later), and a typed date is taken.
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    driver.find_element(By.ID, "question").click()  # leave the box: still empty
    time.sleep(2.5)
    assert box.get_attribute("value") == ""
    box.click()
    box.send_keys("2024-01-05 12:00", Keys.ENTER)
    wait(driver, lambda: "Alice WORKS_AT Meta" not in facts(driver))
    assert facts(driver) == {
        "Alice WORKS_AT Google": "current",
        "Alice HAS_JOB_TITLE data engineer": "current",  # told with the job: a fact of its own
    }
    assert text(driver, "time-error") == ""
    assert box.get_attribute("value") == "2024-01-05 12:00"
    assert slider.get_attribute("value") == "0"  # after the first event, before the second
    picture(driver, shots, "sliders")


def test_the_fact_panel_shows_what_closed_a_fact(  # type: ignore[no-untyped-def]
    driver: WebDriver, server: tuple[str, str], shots
) -> None:
    base, token = server
    sign_in(driver, base, token)
    wait(driver, lambda: facts(driver).get("Alice WORKS_AT Google") == "closed")
    item = next(
        li
        for li in driver.find_elements(By.CSS_SELECTOR, "#fact-list li")
        if li.text.startswith("Alice WORKS_AT Google")
    )
    item.click()
    wait(driver, lambda: text(driver, "fact-title") == "Alice WORKS_AT Google")
    body = text(driver, "fact-body")
    assert "Alice works at Google" in body or "Google" in body
    assert "I just started a new job at Google" in body  # the source quote
    assert "Closed by" in body and "I left Google last week" in body  # what closed it
    labels = driver.execute_script(
        "return [...document.querySelectorAll('#fact-body svg.fact-bars text')]"
        ".map(t => t.textContent)"
    )
    assert any(t.startswith("world: valid → invalid: 2024-01-01 10:00Z → 2024-01") for t in labels)
    assert any(t.startswith("memory: learned → expired: ") for t in labels)
    assert "→ now" not in labels[0]  # it ended
    picture(driver, shots, "fact-panel")
    # The graph opens the same panel: a click on the Meta edge.
    driver.execute_script(
        "window.chronomem.view.cy.edges()"
        ".filter(e => e.target().data('label') === 'Meta').emit('tap')"
    )
    wait(driver, lambda: text(driver, "fact-title") == "Alice WORKS_AT Meta")


def test_an_edit_and_a_merge_from_the_page_show_in_the_timeline(  # type: ignore[no-untyped-def]
    driver: WebDriver, server: tuple[str, str], shots
) -> None:
    base, token = server
    ingest(base, token, "fixes", [
        {"content": "Alice: I work at Google.", "reference_time": "2024-01-01T10:00:00Z"},
        {"content": "Alicia: I love hiking.", "reference_time": "2024-01-02T10:00:00Z"},
    ])  # fmt: skip
    sign_in(driver, base, token)
    open_group(driver, "fixes")
    wait(driver, lambda: facts(driver).get("Alice WORKS_AT Google") == "current")
    assert "Alicia" in driver.execute_script(
        "return window.chronomem.view.cy.nodes().map(n => n.data('label'))"
    )
    set_instant(driver, "find", "Alice")
    wait(driver, lambda: text(driver, "entity-title") == "Alice")

    # Edit: open the fact from the timeline, change its text, save.
    driver.find_element(By.CSS_SELECTOR, "#entity-body li.fact button.link").click()
    wait(driver, lambda: text(driver, "fact-title") == "Alice WORKS_AT Google")
    field = driver.find_element(By.CSS_SELECTOR, "#fact-edit input[name=fact]")
    field.clear()
    field.send_keys("Alice works at Google as a data engineer")
    driver.find_element(By.CSS_SELECTOR, "#fact-edit input[name=reason]").send_keys("her role")
    driver.find_element(By.CSS_SELECTOR, "#fact-edit button[type=submit]").click()
    wait(driver, lambda: "as a data engineer" in text(driver, "fact-body"))
    assert "edit_fact" in text(driver, "fact-body") and "her role" in text(driver, "fact-body")
    wait(driver, lambda: any("as a data engineer" in t for t in fact_items(driver)))
    old = [t for t in fact_items(driver) if "works at Google" in t and "data engineer" not in t]
    assert old and all("closed" in t.split(" | ")[0] for t in old)  # superseded, kept
    assert "edit_fact" in text(driver, "entity-body")  # the entity's edit trail
    picture(driver, shots, "edit")

    # Merge: Alicia into Alice, from Alice's panel.
    driver.find_element(By.ID, "merge-name").send_keys("Alicia")
    driver.find_element(By.ID, "merge-reason").send_keys("a nickname")
    driver.find_element(By.CSS_SELECTOR, "#merge-form button[type=submit]").click()
    wait(driver, lambda: "also called: Alicia" in text(driver, "entity-body"))
    assert any("hiking" in t for t in fact_items(driver))  # Alicia's fact is Alice's now
    wait(
        driver,
        lambda: any(k.startswith("Alice ") and k.endswith(" hiking") for k in drawn_edges(driver)),
    )
    assert "merge_entities" in text(driver, "entity-body")
    wait(driver, lambda: "Alicia" not in driver.execute_script(
        "return window.chronomem.view.cy.nodes().map(n => n.data('label'))"
    ))  # fmt: skip
    picture(driver, shots, "merge")


def test_the_thread_filter_shows_one_conversation(  # type: ignore[no-untyped-def]
    driver: WebDriver, server: tuple[str, str], shots
) -> None:
    base, token = server
    said = [
        ("Alice: I work at Google.", "2024-01-01T10:00:00Z", "work"),
        ("Bob: I live in Paris.", "2024-01-02T10:00:00Z", "home"),
    ]
    ingest(base, token, "chats", [
        {"content": c, "reference_time": t, "thread_id": thread} for c, t, thread in said
    ])  # fmt: skip
    sign_in(driver, base, token)
    open_group(driver, "chats")
    wait(driver, lambda: len(facts(driver)) == 2)
    options = [
        o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#thread option")
    ]
    assert options == ["", "home", "work"]
    Select(driver.find_element(By.ID, "thread")).select_by_value("work")
    wait(driver, lambda: list(facts(driver)) == ["Alice WORKS_AT Google"])
    wait(driver, lambda: "Bob" not in text(driver, "episode-list"))
    assert "I work at Google" in text(driver, "episode-list")
    picture(driver, shots, "thread")
    Select(driver.find_element(By.ID, "thread")).select_by_value("")
    wait(driver, lambda: len(facts(driver)) == 2)
