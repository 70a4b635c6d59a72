"""The web page in real headless Chromium (Debian ``chromium`` + ``chromium-driver``, driven
by Selenium) against ``chronomem serve`` on 127.0.0.1 with the demo stories.

Screenshots of each state go to the test's tmp dir (the path is printed). Set
``CHRONOMEM_UI_SCREENSHOT=docs/img/ui.png`` to also save the README's picture.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path

import httpx
import pytest

from chronomem.service import ui as ui_module
from tests.service_helpers import REPO, chronomem_command, free_port, start_server, stop

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1400,900",
)
STORIES = REPO / "src" / "chronomem" / "cli" / "stories"

if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
    reason = "chromium or chromium-driver missing: apt-get install chromium chromium-driver"
    print(f"SKIP browser tests: {reason}")
    pytest.skip(reason, allow_module_level=True)

from selenium import webdriver  # noqa: E402 -- only once chromium is known to exist
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

pytestmark = pytest.mark.slow


def make_key(db: Path, *groups: str, admin: bool) -> str:
    args = ["keys", "create", "--db", str(db), "--name", "ui", "--json"]
    for g in groups:
        args += ["--groups", g]
    out = subprocess.run(
        chronomem_command(*args, *(["--admin"] if admin else [])),
        check=True,
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    return str(json.loads(out.stdout)["token"])


def load_stories(base: str, token: str) -> None:
    by_group: dict[str, list[dict[str, str]]] = defaultdict(list)
    for path in sorted(STORIES.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            by_group[row["group_id"]].append(
                {"content": row["content"], "reference_time": row["reference_time"]}
            )
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as client:
        for group, episodes in by_group.items():
            r = client.post(f"/v1/groups/{group}/episodes/batch", json={"episodes": episodes})
            assert r.status_code == 202, r.text
        deadline = time.monotonic() + 60
        for group, episodes in by_group.items():
            while client.get(f"/v1/groups/{group}/status").json()["queue"]["done"] < len(episodes):
                assert time.monotonic() < deadline, f"the {group} story was not ingested in 60 s"
                time.sleep(0.2)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    if not (ui_module.STATIC / "index.html").is_file():
        pytest.fail("the web page is not built: run `cd ui && npm ci && npm run build`")
    tmp = tmp_path_factory.mktemp("ui")
    db = tmp / "memory.db"
    token = make_key(db, "*", admin=True)
    port = free_port()
    process = start_server(db, port, log=tmp / "serve.log")
    base = f"http://127.0.0.1:{port}"
    try:
        load_stories(base, token)
        yield base, token
    finally:
        stop(process)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[WebDriver, str], None]]:
    folder = tmp_path_factory.mktemp("screenshots")

    def take(driver: WebDriver, name: str) -> None:
        driver.save_screenshot(str(folder / f"{name}.png"))

    yield take
    print(f"\nUI screenshots: {folder}")


def new_driver() -> WebDriver:
    """Headless Debian Chromium through Debian's chromedriver (nothing downloaded)."""
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    browser.set_page_load_timeout(30)
    return browser


def policy_violations(browser: WebDriver) -> list[str]:
    """The browser console's Content-Security-Policy complaints so far."""
    return [
        str(entry["message"])
        for entry in browser.get_log("browser")
        if "Content Security Policy" in str(entry["message"])
    ]


@pytest.fixture
def driver() -> Iterator[WebDriver]:
    """A fresh browser; the page must do all it does within its security policy."""
    browser = new_driver()
    try:
        yield browser
        assert policy_violations(browser) == []
    finally:
        browser.quit()


def wait(driver: WebDriver, check: Callable[[], object], timeout: float = 20) -> None:
    WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda _: check())


def text(driver: WebDriver, element_id: str) -> str:
    return str(driver.find_element(By.ID, element_id).text)


def facts(driver: WebDriver) -> dict[str, str]:
    """The facts drawn, from the page's list beside the graph: 'Alice WORKS_AT Meta' -> state."""
    script = """return [...document.querySelectorAll('#fact-list li')]
      .map(li => [li.textContent, li.dataset.state])"""
    return {t.rsplit(" (", 1)[0]: s for t, s in driver.execute_script(script)}


def drawn_edges(driver: WebDriver) -> dict[str, str]:
    """The same, read from the Cytoscape graph itself: edge label pairs -> class."""
    script = """
      const cy = window.chronomem.view.cy;
      return cy.edges().map(e => [e.source().data('label') + ' ' + e.data('label') + ' ' +
        e.target().data('label'), e.hasClass('current') ? 'current' : 'closed']);
    """
    return dict(driver.execute_script(script))


def sign_in(driver: WebDriver, base: str, token: str) -> None:
    driver.get(f"{base}/ui/")
    box = driver.find_element(By.ID, "key")
    box.clear()
    box.send_keys(token, Keys.ENTER)


def set_instant(driver: WebDriver, element_id: str, value: str) -> None:
    box = driver.find_element(By.ID, element_id)
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE, value, Keys.ENTER)


def test_a_wrong_key_is_refused(driver: WebDriver, server: tuple[str, str], shots) -> None:  # type: ignore[no-untyped-def]
    base, _ = server
    sign_in(driver, base, "cmk_0000_not-a-real-key")
    wait(driver, lambda: "refused" in text(driver, "signin-error"))
    assert "unknown or revoked API key" in text(driver, "signin-error")
    assert not driver.find_element(By.ID, "app").is_displayed()
    assert driver.execute_script("return sessionStorage.getItem('chronomem.key')") is None
    shots(driver, "0-wrong-key")


def test_the_page_walks_both_timelines_asks_and_deletes(  # type: ignore[no-untyped-def]
    driver: WebDriver, server: tuple[str, str], shots
) -> None:
    base, token = server
    sign_in(driver, base, token)
    wait(driver, lambda: facts(driver).get("Alice WORKS_AT Meta") == "current")
    assert facts(driver)["Alice WORKS_AT Google"] == "closed"
    assert drawn_edges(driver) == facts(driver)
    groups = [
        o.get_attribute("value")
        for o in driver.find_elements(By.CSS_SELECTOR, "#group-names option")
    ]
    assert groups == ["demo", "helpdesk"]
    shots(driver, "1-now")

    # World time before the job change: Google current, Meta not drawn.
    set_instant(driver, "world-at", "2024-01-05")
    wait(driver, lambda: "Alice WORKS_AT Meta" not in facts(driver))
    assert (
        facts(driver)
        == {
            "Alice WORKS_AT Google": "current",
            "Alice HAS_JOB_TITLE data engineer": "current",  # told with the job: a fact of its own
        }
        == drawn_edges(driver)
    )
    shots(driver, "2-world-before-the-change")

    # System time before the memory learned Alice left Google: Google current again.
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as api:
        graph = api.get("/v1/groups/demo/graph").json()
    learned = min(f["expired_at"] for f in graph["facts"] if f["expired_at"])
    before = (datetime.fromisoformat(learned) - timedelta(milliseconds=1)).isoformat()
    set_instant(driver, "world-at", "now")
    wait(driver, lambda: facts(driver).get("Alice WORKS_AT Meta") == "current")
    set_instant(driver, "system-at", before)
    wait(driver, lambda: facts(driver).get("Alice WORKS_AT Google") == "current")
    assert "Alice WORKS_AT Meta" not in facts(driver)
    shots(driver, "3-system-before-it-learned")
    # ... and the entity panel shows the Google job as believed then: open, no end yet
    set_instant(driver, "find", "Alice")
    wait(driver, lambda: "I just started a new job at Google" in text(driver, "entity-body"))
    (job,) = [
        li
        for li in driver.find_elements(By.CSS_SELECTOR, "#entity-body li.fact")
        if "WORKS_AT Google" in li.text
    ]
    assert "closed" not in str(job.get_attribute("class")) and "2024-01-08" not in job.text
    driver.find_element(By.ID, "reset").click()
    wait(driver, lambda: facts(driver).get("Alice WORKS_AT Meta") == "current")

    # The entity panel: timeline and quoted source episodes.
    set_instant(driver, "find", "Alice")
    wait(driver, lambda: "I just started a new job at Google" in text(driver, "entity-body"))
    assert text(driver, "entity-title") == "Alice"
    # one bar per fact of Alice's: Google, Meta and the title told with the first job
    assert len(driver.find_elements(By.CSS_SELECTOR, "#entity-body svg.bars rect.world")) == 3

    # The ask box: the exact /context answer, its token count, the facts used highlighted.
    set_instant(driver, "question", "Where does Alice work?")
    wait(driver, lambda: "tokens" in text(driver, "ask-meta"))
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as api:
        expected = api.post("/v1/groups/demo/context", json={"query": "Where does Alice work?"})
    shown = driver.execute_script("return document.getElementById('context').textContent")
    assert shown == expected.json()["context"] and "Meta" in shown
    assert f"{expected.json()['tokens']} tokens" in text(driver, "ask-meta")
    used = driver.execute_script("return window.chronomem.view.cy.$('edge.used').map(e => e.id())")
    assert set(used) == set(expected.json()["fact_ids"]) and used
    if os.environ.get("CHRONOMEM_UI_SCREENSHOT"):
        driver.save_screenshot(os.environ["CHRONOMEM_UI_SCREENSHOT"])
    shots(driver, "4-ask")

    # Deleting the Meta episode removes its fact and its text from the page.
    item = next(
        li
        for li in driver.find_elements(By.CSS_SELECTOR, "#episode-list li")
        if "working at Meta" in li.text
    )
    button = item.find_element(By.TAG_NAME, "button")
    button.click()
    assert button.text == "Confirm delete"
    button.click()
    wait(driver, lambda: "Alice WORKS_AT Meta" not in facts(driver))
    assert "Alice WORKS_AT Meta" not in drawn_edges(driver)
    assert "working at Meta" not in text(driver, "episode-list")
    timeline = (
        "return [...document.querySelectorAll('#entity-body li.fact')].map(li => li.textContent)"
    )
    wait(driver, lambda: all("Meta" not in t for t in driver.execute_script(timeline)))
    assert any("Google" in t for t in driver.execute_script(timeline))
    shots(driver, "5-after-delete")


def test_new_episodes_appear_live_and_the_queue_shows(  # type: ignore[no-untyped-def]
    driver: WebDriver, server: tuple[str, str], shots
) -> None:
    base, token = server
    sign_in(driver, base, token)
    wait(driver, lambda: "queued" in text(driver, "queue"))
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as api:
        r = api.post(
            "/v1/groups/demo/episodes",
            json={"content": "Alice: I moved to Lisbon.", "reference_time": "2024-02-01T10:00:00Z"},
        )
        assert r.status_code == 202
    wait(driver, lambda: "I moved to Lisbon" in text(driver, "episode-list"), timeout=30)
    wait(driver, lambda: any("Lisbon" in k for k in facts(driver)), timeout=30)
    shots(driver, "6-live")

    # Play walks world time from the first event: the page shows past instants, then pauses.
    play = driver.find_element(By.ID, "play")
    play.click()
    wait(
        driver, lambda: driver.find_element(By.ID, "world-at").get_attribute("value")[:4] == "2024"
    )
    play.click()
    wait(driver, lambda: play.get_attribute("aria-pressed") == "false")

    background = "return getComputedStyle(document.body).backgroundColor"
    light = driver.execute_script(background)
    driver.find_element(By.ID, "theme").send_keys(Keys.ENTER)  # keyboard: focus + Enter
    wait(driver, lambda: driver.execute_script(background) != light)
    assert {light, driver.execute_script(background)} == {"rgb(255, 255, 255)", "rgb(21, 23, 27)"}
    shots(driver, "7-other-theme")


def test_the_entity_panel_shows_the_names_merged_into_it(  # type: ignore[no-untyped-def]
    driver: WebDriver, server: tuple[str, str], shots
) -> None:
    base, token = server
    said = [
        ("Alice: I work at Google.", "2024-01-01T10:00:00Z"),
        ("Alice Smith: I love hiking on weekends.", "2024-01-02T10:00:00Z"),
    ]
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as api:
        batch = [{"content": c, "reference_time": t} for c, t in said]
        assert api.post("/v1/groups/names/episodes/batch", json={"episodes": batch}).is_success
        deadline = time.monotonic() + 60
        while api.get("/v1/groups/names/status").json()["queue"]["done"] < len(said):
            assert time.monotonic() < deadline, "the episodes were not ingested in 60 s"
            time.sleep(0.2)
    sign_in(driver, base, token)
    wait(driver, lambda: "queued" in text(driver, "queue"))
    set_instant(driver, "group", "names")  # type the group id, Enter: the page switches
    driver.execute_script("document.getElementById('group').dispatchEvent(new Event('change'))")
    wait(driver, lambda: facts(driver).get("Alice WORKS_AT Google") == "current")
    set_instant(driver, "find", "Alice")
    wait(driver, lambda: "also called: Alice Smith" in text(driver, "entity-body"))
    assert text(driver, "entity-title") == "Alice"
    labels = driver.execute_script(
        "return window.chronomem.view.cy.nodes().map(n => n.data('label'))"
    )
    assert "Alice" in labels and "Alice Smith" not in labels  # one entity, not two
    shots(driver, "8-aliases")


def test_the_page_cannot_be_framed_by_another_site(server: tuple[str, str], tmp_path: Path) -> None:
    """Issue 22 finding 8: a page of another origin that frames /ui gets nothing (the
    two-step Delete cannot be clickjacked), and the page says why in the console."""
    base, _ = server
    attacker = tmp_path / "attacker.html"
    attacker.write_text(f'<iframe id="f" src="{base}/ui/" width="800" height="600"></iframe>')
    browser = new_driver()
    try:
        browser.get(attacker.as_uri())
        complaints: list[str] = []  # the console log is drained by each read
        wait(browser, lambda: complaints.extend(policy_violations(browser)) or complaints)
        assert "frame-ancestors" in " ".join(complaints)
        browser.switch_to.frame(browser.find_element(By.ID, "f"))
        assert browser.find_elements(By.ID, "signin-form") == []  # nothing of the page drawn
    finally:
        browser.quit()
