"""The app as a learner meets it, in a real browser: home, a lesson, a puzzle, Italian."""

from __future__ import annotations

import re

import pytest

from tests.bank import bank
from tests.browser.conftest import shot

pytestmark = pytest.mark.browser


RIGHT = '[data-testid="stAlertContentSuccess"]'  # a right answer's verdict


# A message no run answers within this many ms was no rerun (a component's own message).
UNANSWERED_MS = 1_000


def wait_ready(page) -> None:
    """Wait until Streamlit has finished running the script, and every rerun the page asked
    for (a click, a widget's new value) has run.

    The status widget alone is not enough: it shows only some time after a run starts, so
    right after a click it is absent both before and after the run. The app's root carries
    the script's run state; ``RUN_TRACKER`` tells whether a rerun was asked and not yet begun.
    Every context the ``browser`` fixture makes installs the tracker; a page without it fails
    here at once, saying so.
    """
    page.wait_for_selector('[data-testid="stApp"]')
    page.wait_for_function(
        """(unanswered) => {
          const app = document.querySelector('[data-testid="stApp"]');
          const runs = window.__ttRuns;
          if (!runs) throw new Error('no RUN_TRACKER: a context not made by the fixture');
          const asked = runs.answered < runs.sent
            && performance.now() - runs.sentAt < unanswered;
          return app && !asked && app.dataset.testScriptState === 'notRunning'
            && app.dataset.testConnectionState === 'CONNECTED'
            && !document.querySelector('[data-testid="stStatusWidget"]');
        }""",
        arg=UNANSWERED_MS,
        timeout=30_000,
        polling=50,
    )
    # the last run's elements drawn: two frames
    page.evaluate("() => new Promise((done) => requestAnimationFrame("
                  "() => requestAnimationFrame(done)))")


def test_home_page_shows_what_the_tutor_offers_with_cards_drawn(page, server):
    page.goto(f"{server}/?lang=en")
    page.get_by_text("Learn French Tarot, one rule at a time").wait_for()
    wait_ready(page)
    # waited for, not counted once: the cards may arrive after the status widget goes
    page.locator("svg.tarot-card").nth(6).wait_for()
    page.locator('svg[aria-label="Excuse"]').first.wait_for()
    shot(page, "home-en")


def test_a_lesson_can_be_walked_to_the_end(page, server):
    total = len(bank().lesson("the-deck").steps)
    page.goto(f"{server}/lessons?lang=en&lesson=the-deck&step=1")
    page.get_by_role("heading", name="The deck").wait_for()
    wait_ready(page)
    shot(page, "lesson-step-1-en")
    for step in range(1, total):
        page.get_by_text(f"Step {step} of {total}", exact=True).wait_for()
        wait_ready(page)
        page.get_by_role("button", name="Next →").click()
    page.get_by_text(f"Step {total} of {total}", exact=True).wait_for()
    wait_ready(page)
    # the closing banner follows the last step's own check (a set of cards)
    from tutor.content.evaluate import expected_answer
    from tutor.engine.cards import format_card

    lesson = bank().lesson("the-deck")
    hand = page.locator('[data-testid="tarot-hand"]')
    for count, card in enumerate(sorted(expected_answer(lesson.steps[-1].check)), start=1):
        hand.locator(f'div[data-card="{format_card(card)}"]').click()
        page.locator('[data-testid="tarot-hand"] div[data-selected="true"]').nth(
            count - 1).wait_for()
        wait_ready(page)
    page.get_by_role("button", name="Check").first.click()
    # the earlier checks were skipped: the lesson is not complete, and says which are open
    page.get_by_text(re.compile("The lesson is complete once every check is answered")).wait_for()
    wait_ready(page)
    assert page.get_by_text(re.compile("Lesson complete")).count() == 0
    shot(page, "lesson-end-en")


def test_a_puzzle_is_solved_by_clicking_a_card_image(page, server):
    page.goto(f"{server}/puzzles?lang=en&puzzle=overtrump-01")
    hand = page.locator('[data-testid="tarot-hand"]')
    hand.wait_for()
    wait_ready(page)
    # First the tempting wrong card: the 9 under the partner's 14.
    hand.locator('div[data-card="T9"]').click()
    page.get_by_text(re.compile("you must play higher")).wait_for()
    shot(page, "puzzle-wrong-en")
    hand.locator('div[data-card="T17"]').click()
    page.locator(RIGHT).first.wait_for()
    assert "puzzle=overtrump-01" in page.url
    shot(page, "puzzle-right-en")


def test_switching_to_italian_changes_the_texts_and_the_url(page, server):
    page.goto(f"{server}/?lang=en")
    page.get_by_text("Learn French Tarot, one rule at a time").wait_for()
    wait_ready(page)
    page.get_by_text("Italiano", exact=True).click()
    page.get_by_text("Impara il tarot francese, una regola alla volta").wait_for()
    assert "lang=it" in page.url
    shot(page, "home-it")
    page.goto(f"{server}/puzzles?lang=it&puzzle=overtrump-01")
    page.get_by_text(re.compile("Sei in difesa contro una garde")).wait_for()
    wait_ready(page)
    shot(page, "puzzle-it")


def test_trainer_hints_and_generated_practice(page, server):
    page.goto(f"{server}/puzzles?lang=en&puzzle=overtrump-01")
    page.locator('[data-testid="tarot-hand"]').wait_for()
    wait_ready(page)
    page.get_by_role("button", name="Hint 1").click()
    page.get_by_role("button", name="Hint 2").wait_for()
    wait_ready(page)
    page.get_by_role("button", name="Hint 2").click()
    page.get_by_text("The cards worth a look are highlighted").wait_for()
    wait_ready(page)
    shot(page, "trainer-hints-en")
    page.goto(f"{server}/puzzles?lang=en&gen=obligations&seed=2024&players=4")
    page.get_by_text("Puzzle number 2024").wait_for()
    wait_ready(page)
    shot(page, "trainer-generated-en")
    page.goto(f"{server}/progress?lang=en")
    page.get_by_text("Review queue", exact=True).wait_for()
    wait_ready(page)
    shot(page, "dashboard-en")


def test_the_language_defaults_from_the_browser_locale(browser, server):
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="it-IT")
    try:
        page = context.new_page()
        page.goto(f"{server}/")
        page.get_by_text("Impara il tarot francese, una regola alla volta").wait_for(
            timeout=20_000)
        page.wait_for_function("() => window.location.search.includes('lang=it')")
    finally:
        context.close()


def test_score_quiz_answered_wrong_shows_the_calculation(page, server):
    page.goto(f"{server}/score-quiz?lang=en&level=2&mode=full&seed=5")
    page.get_by_text("The deal").first.wait_for()
    wait_ready(page)
    page.locator("svg.tarot-card").nth(5).wait_for()  # the attack's pile as cards
    shot(page, "score-quiz-en")
    field = page.get_by_label(re.compile("Marks of the taker"))
    field.fill("1")
    field.press("Enter")
    page.get_by_role("button", name="Check").first.click()
    page.get_by_text("Not quite.").wait_for()
    wait_ready(page)
    shot(page, "score-quiz-wrong-en")


def test_score_sheet_starts_a_game(page, server):
    page.goto(f"{server}/score-sheet?lang=en")
    page.get_by_text("Start a new game").first.wait_for()
    wait_ready(page)
    for i, name in enumerate(["Anna", "Bruno", "Carla", "Dario"], start=1):
        page.get_by_label(f"Player {i}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_text("Add a deal").wait_for()
    wait_ready(page)
    shot(page, "score-sheet-en")



@pytest.mark.parametrize("puzzle_id", ["follow-suit-01", "ecart-01", "counting-01",
                                       "scoring-01", "allowed-bids-01"])
def test_puzzles_of_every_kind_solved_in_the_browser(page, server, puzzle_id):
    from tutor.content.evaluate import expected_answer
    from tutor.engine.cards import format_card

    puzzle = bank().puzzle(puzzle_id)
    answer = expected_answer(puzzle)
    page.goto(f"{server}/puzzles?lang=en&puzzle={puzzle_id}")
    page.get_by_text(puzzle.exercise.question.en.split("\n")[0][:30]).first.wait_for()
    wait_ready(page)
    if puzzle.kind in ("legal-set", "ecart"):
        hand = page.locator('[data-testid="tarot-hand"]')
        for count, card in enumerate(sorted(answer), start=1):
            hand.locator(f'div[data-card="{format_card(card)}"]').click()
            page.locator('[data-testid="tarot-hand"] div[data-selected="true"]').nth(
                count - 1).wait_for()
            wait_ready(page)
    elif puzzle.kind == "bid":
        for code in sorted(answer):
            label = {"pass": "Pass", "prise": "Prise", "garde": "Garde",
                     "garde-sans": "Garde sans", "garde-contre": "Garde contre"}[code]
            page.get_by_role("button", name=label, exact=True).click()
            wait_ready(page)
    else:
        value = answer if not hasattr(answer, "denominator") or answer.denominator == 1 \
            else float(answer)
        field = page.locator(f".st-key-puzzle-{puzzle_id}-number input")
        field.fill(str(int(value) if value == int(value) else value))
    page.get_by_role("button", name="Check").first.click()
    page.locator(RIGHT).first.wait_for()
    wait_ready(page)
    shot(page, f"puzzle-{puzzle_id}-right-en")
