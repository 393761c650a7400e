"""The review page says in one sentence why a labelled card lost (AppTest), in English and in
Italian: the Petit thrown away at trick 15 of the planted deal (tests/review) was taken by the
other side in most deals drawn; so does the own mistake it is kept as, with its answer."""

from __future__ import annotations

import pytest

from tests.app.conftest import open_app
from tests.app.test_own_mistakes import kept_blunder, play
from tests.app.test_review_page import open_review, saved_game, texts
from tests.review.test_review_deal import BLUNDER_TRICK
from tutor.engine.cards import card_name, parse_card
from tutor.progress.store import LearnerStore


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ("deals drawn consistent with what you had seen, the other side took your Petit "
            "in this trick", "the {better} kept it in your hand")),
    ("it", ("coerenti con quello che avevi visto, l'altra squadra ha preso il tuo Petit in "
            "questa presa", "con un'altra carta ({better}) lo tenevi in mano")),
])
def test_the_thrown_petit_says_why_beside_its_label(
    mine: LearnerStore, lang: str, said: tuple[str, str]
) -> None:
    game_id = saved_game(mine)
    at = open_review(lang=lang)
    at.session_state["review-state"].tricks[(game_id, 1)] = BLUNDER_TRICK
    at.run()
    assert not at.exception, at.exception
    shown = texts(at)
    assert said[0] in shown
    assert said[1].format(better=card_name(parse_card("T17"), lang)) in shown



@pytest.mark.parametrize(("lang", "said"), [
    ("en", "the other side took your Petit in this trick"),
    ("it", "l'altra squadra ha preso il tuo Petit in questa presa"),
])
def test_the_own_mistake_of_the_thrown_petit_says_why_with_its_answer(
    mine: LearnerStore, lang: str, said: str
) -> None:
    mistake = kept_blunder(mine)
    assert mistake.why is not None
    at = open_app("puzzles", lang=lang, puzzle=mistake.item)
    play(at, mistake.item, mistake.played)
    assert said not in texts(at)  # not before the answer
    at.button(key=f"puzzle-{mistake.item}-reveal").click().run()
    assert said in texts(at)
