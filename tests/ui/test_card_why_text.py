"""Every fact a labelled card's why can state has its sentence in both catalogs, every name
in it filled in (the seat, the cards, the suit, the trick, the points, the count)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.review.test_review_deal import blunder_record, blunder_review
from tutor.engine import card_name, parse_card
from tutor.progress.store import OwnPuzzle
from tutor.review.card_why import CardReason, CardWhy
from tutor.review.mistakes import own_mistakes
from tutor.ui.reviews import card_why_text
from tutor.ui.trainer import own_puzzle


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("why", list(CardWhy))
def test_every_card_why_is_a_sentence_in_both_languages(why: CardWhy, lang: str) -> None:
    reason = CardReason(why, parse_card("QH"), parse_card("4S"), 1, parse_card("T21"), 2, 9, 12)
    text = card_why_text(reason, 4, lang)
    assert not text.startswith("review.") and "{" not in text and text.endswith(".")


def test_the_sentence_names_the_seat_the_cards_the_trick_and_the_points() -> None:
    reason = CardReason(CardWhy.POINTS_GIVEN, parse_card("QH"), parse_card("4H"), 1,
                        parse_card("KH"))
    assert card_why_text(reason, 4, "en") == (
        "You put the Queen of hearts (3.5 points) into a trick the other side was winning "
        "(Right: King of hearts); the 4 of hearts kept it.")
    assert card_why_text(reason, 4, "it") == (
        "Hai messo una carta da 3,5 punti (Donna di cuori) in una presa che l'altra squadra "
        "stava vincendo (il giocatore a destra: Re di cuori); un'altra carta (4 di cuori) la "
        "teneva in mano.")
    void = CardReason(CardWhy.LEAD_INTO_VOID, parse_card("4S"), parse_card("1H"), 3, trick=1)
    assert card_why_text(void, 4, "en") == (
        "Left is known to have no spades (they trumped trick 2): your lead of spades gave "
        "them the chance to trump again.")


def test_an_own_mistakes_answer_says_a_fact_but_not_the_sentence_sending_to_show_me_how() -> None:
    """The trainer has no "show me how": a kept card whose why states no fact of the trick is
    explained by its values alone."""
    [mistake] = own_mistakes(blunder_record(), blunder_review(), 7, 1)
    assert mistake.why is not None and mistake.why.why is CardWhy.PETIT_CAUGHT
    plain = replace(mistake, why=replace(mistake.why, why=CardWhy.SAME_KIND))
    for kept, said in ((mistake, True), (plain, False)):
        puzzle = own_puzzle(OwnPuzzle(kept.item, 7, 1, kept.to_data()))
        assert puzzle is not None and kept.why is not None
        for lang in ("en", "it"):
            text = getattr(puzzle.explanation, lang)
            assert (card_why_text(kept.why, 4, lang) in text) is said
            assert card_name(kept.played, lang) in text  # the values are said either way
