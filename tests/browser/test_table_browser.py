"""The practice table in a real browser (``streamlit run`` + Debian's chromium): whole deals at
3, 4 and 5 players with the mouse and one with the keyboard only; for every trick, the table's
own log (``.tt-log``) shows each card land before the trick is gathered; hand and table inside
the viewport at 1280×720 and 390×844; a reload resumes the deal; an illegal card is explained.
Screenshots of each phase at both sizes go to tests/output/screenshots/table/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import OUTPUT

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 720), "phone": (390, 844)}
TABLE = ".tt"
SHOTS = OUTPUT / "table"


@pytest.fixture()
def sized(browser: Any, server: str) -> Iterator[Any]:
    """A page factory: ``sized(size)`` opens a new context at that viewport."""
    contexts = []

    def open_page(size: str) -> Any:
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height},
                                      locale="en-GB")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        return page

    yield open_page
    for context in contexts:
        context.close()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def table_state(page: Any) -> dict[str, str]:
    root = page.locator(TABLE).first
    return {
        "state": root.get_attribute("data-state") or "",
        "mode": root.get_attribute("data-mode") or "",
        "animating": root.get_attribute("data-animating") or "",
    }


def settle(page: Any, before: str | None = None) -> dict[str, str]:
    """Wait until the table shows a state other than ``before`` and its sequence is played."""
    page.wait_for_function(
        """(before) => {
            const host = document.querySelector('.st-key-practice-table');
            const root = host && (host.querySelector('.tt')
              || [...host.querySelectorAll('*')].map((e) => e.shadowRoot)
                   .filter(Boolean).map((r) => r.querySelector('.tt')).find(Boolean));
            return root && root.dataset.state && root.dataset.state !== before
              && root.dataset.animating === 'false';
        }""",
        arg=before,
        timeout=90_000,
    )
    return table_state(page)


def open_table(page: Any, server: str, query: str) -> dict[str, str]:
    page.goto(f"{server}/practice?lang=en&{query}")
    page.locator(f"{TABLE} .tt-card").first.wait_for()
    return settle(page)


def click_card(page: Any, card: Any) -> None:
    """Click the visible left strip of a card of the fanned hand (the next card covers the
    rest, as on a real table)."""
    card.click(position={"x": 6, "y": 24})


def log_entries(page: Any) -> list[dict[str, str]]:
    return page.locator(f"{TABLE} .tt-log li").evaluate_all(
        "(items) => items.map((li) => ({...li.dataset}))"
    )


def assert_every_card_seen_before_gathered(page: Any, players: int, tricks: int) -> None:
    """From the table's log: each trick's cards, one per player, landed before it went."""
    landed: dict[str, list[tuple[str, str]]] = {}
    gathered = []
    for entry in log_entries(page):
        if "card" in entry and "trick" in entry:
            landed.setdefault(entry["trick"], []).append((entry["seat"], entry["card"]))
        if "gathered" in entry:
            trick = entry["gathered"]
            cards = landed.get(trick, [])
            assert len(cards) == players, (trick, cards)
            assert len({seat for seat, _ in cards}) == players, (trick, cards)
            gathered.append(int(trick))
    assert gathered == list(range(tricks)), gathered


def act(page: Any, selector: str) -> dict[str, str]:
    before = table_state(page)["state"]
    page.locator(f"{TABLE} {selector}").first.click()
    return settle(page, before)


def play_deal_with_the_mouse(page: Any, bid: str, *, illegal: bool = True) -> dict[str, int]:
    """Play the deal to its end by clicking on the table; returns what was met."""
    met = {"illegal": 0, "ecart": 0}
    for _ in range(200):
        state = table_state(page)
        mode = state["mode"]
        if mode in ("finished", "redeal"):
            return met
        if mode == "bid":
            wanted = page.locator(f'{TABLE} .tt-action[data-action="bid:{bid}"]')
            act(page, f'.tt-action[data-action="bid:{bid}"]' if wanted.count()
                else '.tt-action[data-action="bid:pass"]')
        elif mode == "call":
            act(page, ".tt-strip button.tt-small")
        elif mode == "chelem":
            act(page, '.tt-action[data-action="chelem:no"]')
        elif mode == "poignee":
            act(page, '.tt-action[data-action="poignee:no"]')
        elif mode in ("ecart", "play"):
            refused = page.locator(f'{TABLE} .tt-card[data-playable="false"]')
            if mode == "play" and illegal and not met["illegal"] and refused.count():
                label = refused.first.get_attribute("aria-label") or ""
                assert ", not playable: " in label
                click_card(page, refused.first)
                notice = page.locator(f"{TABLE} .tt-notice")
                notice.filter(has_text="must").or_(notice.filter(has_text="called")).wait_for()
                assert table_state(page)["state"] == state["state"]  # nothing was played
                met["illegal"] += 1
                continue
            before = state["state"]
            click_card(page, page.locator(f'{TABLE} .tt-card[data-playable="true"]').first)
            settle(page, before)
            met["ecart"] += mode == "ecart"
        else:
            raise AssertionError(f"unknown mode {mode}")
    raise AssertionError("the deal did not end")


def assert_inside_viewport(page: Any, size: str) -> None:
    """Hand and table inside the viewport with the page at its top (no scrolling needed; the
    driver's own clicks may have scrolled the page, a learner's do not)."""
    width, height = SIZES[size]
    page.locator('[data-testid="stMain"]').evaluate("(main) => main.scrollTo(0, 0)")
    page.wait_for_timeout(100)
    for part in (".tt-felt", ".tt-hand"):
        box = page.locator(f"{TABLE} {part}").first.bounding_box()
        assert box is not None, part
        assert box["x"] >= 0 and box["y"] >= 0, (part, box)
        assert box["x"] + box["width"] <= width + 0.5, (part, box, size)
        assert box["y"] + box["height"] <= height + 0.5, (part, box, size)


# One deal is watched with the cards flying (``fast``: the landing order is proven while
# animated); the others at ``instant``, which logs every landing the same way without the wait.
@pytest.mark.parametrize(
    ("players", "seed", "bid", "speed", "tricks"),
    [(4, 3, "garde", "fast", 18), (3, 5, "pass", "instant", 24), (5, 2, "garde", "instant", 15)],
)
def test_a_whole_deal_with_the_mouse_every_card_seen_landing(
    sized: Any, server: str, players: int, seed: int, bid: str, speed: str, tricks: int
) -> None:
    page = sized("desktop")
    open_table(page, server, f"seed={seed}&players={players}&speed={speed}")
    met = play_deal_with_the_mouse(page, bid)
    assert table_state(page)["mode"] == "finished"
    assert met["illegal"] == 1
    if bid == "garde":
        assert met["ecart"] == (6 if players < 5 else 3)
    assert_every_card_seen_before_gathered(page, players, tricks)
    page.get_by_role("heading", name="The deal is over").wait_for()
    page.get_by_text("The attack's pile").wait_for()  # the piles, counted card by card


def test_the_table_and_hand_fit_the_viewport_in_every_phase(sized: Any, server: str) -> None:
    for size in SIZES:
        page = sized(size)
        state = open_table(page, server, "seed=3&players=4&speed=instant")
        assert state["mode"] == "bid"
        assert_inside_viewport(page, size)
        shot(page, f"bid-{size}")
        state = act(page, '.tt-action[data-action="bid:garde"]')
        assert state["mode"] == "ecart"
        assert page.locator(f'{TABLE} .tt-card[data-chien="true"]').count() == 6
        assert_inside_viewport(page, size)
        shot(page, f"ecart-{size}")
        while table_state(page)["mode"] == "ecart":
            before = table_state(page)["state"]
            click_card(page, page.locator(f'{TABLE} .tt-card[data-playable="true"]').first)
            settle(page, before)
        act(page, '.tt-action[data-action="chelem:no"]')
        if table_state(page)["mode"] == "poignee":
            act(page, '.tt-action[data-action="poignee:no"]')
        assert table_state(page)["mode"] == "play"
        before = table_state(page)["state"]
        click_card(page, page.locator(f'{TABLE} .tt-card[data-playable="true"]').first)
        settle(page, before)
        assert_inside_viewport(page, size)
        shot(page, f"play-{size}")
        play_deal_with_the_mouse(page, "pass", illegal=False)
        shot(page, f"finished-{size}")
        act(page, '.tt-action[data-action="review:open"]')
        assert table_state(page)["mode"] == "review"
        assert_inside_viewport(page, size)
        shot(page, f"review-{size}")


def test_a_reload_resumes_the_same_deal(sized: Any, server: str) -> None:
    page = sized("desktop")
    open_table(page, server, "seed=4&players=4&speed=instant")
    act(page, '.tt-action[data-action="bid:pass"]')
    if table_state(page)["mode"] == "poignee":
        act(page, '.tt-action[data-action="poignee:no"]')
    before = table_state(page)["state"]
    click_card(page, page.locator(f'{TABLE} .tt-card[data-playable="true"]').first)
    settle(page, before)
    hand = page.locator(f"{TABLE} .tt-card").evaluate_all("(b) => b.map((x) => x.dataset.card)")
    assert "game=" in page.url
    page.reload()
    page.locator(f"{TABLE} .tt-card").first.wait_for()
    settle(page)
    again = page.locator(f"{TABLE} .tt-card").evaluate_all("(b) => b.map((x) => x.dataset.card)")
    assert again == hand
    page.get_by_text("Your game has been restored.").wait_for()
    # a new visit without the game in the URL offers the unfinished game
    page.goto(page.url.split("?")[0] + "?lang=en")
    page.get_by_text("You have an unfinished game").wait_for()


def test_a_whole_deal_with_the_keyboard_only(sized: Any, server: str) -> None:
    page = sized("desktop")
    open_table(page, server, "seed=4&players=4&speed=fast")
    # bid: Tab to the table's Pass button, Enter
    focused = "() => { const h = document.activeElement; " \
              "const a = h && h.shadowRoot ? h.shadowRoot.activeElement : h; " \
              "return a ? (a.dataset.card || a.dataset.action || '') : ''; }"
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(focused) == "bid:pass":
            break
    else:
        pytest.fail("the Pass button was not reached with Tab")
    before = table_state(page)["state"]
    page.keyboard.press("Enter")
    state = settle(page, before)
    for _ in range(40):
        state = table_state(page)
        if state["mode"] in ("finished", "redeal"):
            break
        if state["mode"] == "poignee":
            for _ in range(60):
                page.keyboard.press("Tab")
                if page.evaluate(focused) == "poignee:no":
                    break
            before = state["state"]
            page.keyboard.press("Enter")
            settle(page, before)
            continue
        assert state["mode"] == "play"
        if not page.evaluate(focused):  # into the hand: Tab until a card has the focus
            for _ in range(80):
                page.keyboard.press("Tab")
                code = page.evaluate(focused)
                if code and not code.startswith(("bid", "poignee", "review", "next")):
                    break
        page.keyboard.press("ArrowRight")  # onto a playable card
        code = page.evaluate(focused)
        playable = page.locator(f'{TABLE} .tt-card[data-card="{code}"]').get_attribute(
            "data-playable"
        )
        assert playable == "true", code
        before = state["state"]
        page.keyboard.press("Enter")
        page.keyboard.press("Escape")  # skips the animation: the sequence is still logged
        settle(page, before)
    assert table_state(page)["mode"] == "finished"
    assert_every_card_seen_before_gathered(page, 4, 18)
